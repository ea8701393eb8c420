// Rendering a long essay as its page draws it: 10,000 words in 20 sections with 100
// footnotes, through `renderBody` (Markdown, sanitised, sidenotes), timed after a warm-up.
//
//   tsx bench/essay-render.ts
import { pathToFileURL } from "node:url";
import { postIdPrefix, renderBody } from "../src/lib/markdown/render-body.ts";
import { fmt, median } from "./measure.ts";

const WORDS = 10_000;
const NOTES = 100;
const SECTIONS = 20;
const ROUNDS = 20;
/** Renders before the timed ones: the site's worker renders many posts, so the engine has compiled the parser's hot paths. */
const WARM_UPS = 10;
/** The budget for rendering such an essay. */
export const ESSAY_BUDGET_MS = 50;

/** An essay of `WORDS` words (notes not counted), a note every `WORDS / NOTES` words, in sections with emphasis and links. */
export function longEssay(): string {
  const per = WORDS / NOTES;
  const paragraphs = Array.from({ length: NOTES }, (_, n) => {
    const words = Array.from({ length: per }, (_, w) => (w % 17 === 0 ? `*word${String(w)}*` : `word${String(w)}`));
    words.splice(per / 2, 0, `[a link](https://example.com/${String(n)})`);
    const heading = n % (NOTES / SECTIONS) === 0 ? `## Section ${String(n / (NOTES / SECTIONS) + 1)}\n\n` : "";
    return `${heading}${words.join(" ")}.[^${String(n)}]`;
  });
  const notes = Array.from({ length: NOTES }, (_, n) => `[^${String(n)}]: Note ${String(n)}, with *some* words in it.`);
  return [...paragraphs, ...notes].join("\n\n");
}

/** One render's wall-clock and CPU milliseconds: on a shared machine the CPU time is the fairer figure. */
export interface RenderTime {
  wallMs: number;
  cpuMs: number;
}

/** The long essay's render times, over `ROUNDS` after `WARM_UPS`. */
export function essayRenderTimes(): RenderTime[] {
  const essay = longEssay();
  // Each render is of an edit the site has not drawn before: a body drawn once is kept by
  // its source (render-body.ts), and what is timed is drawing a changed one.
  let edits = 0;
  const render = () => {
    edits++;
    const body = { content: `${essay}\n\nEdit ${String(edits)}.`, format: "markdown" as const };
    return renderBody(body, { idPrefix: postIdPrefix(1), medium: "page" });
  };
  for (let round = 0; round < WARM_UPS; round++) render();
  return Array.from({ length: ROUNDS }, () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    render();
    const { user, system } = process.cpuUsage(cpu);
    return { wallMs: performance.now() - start, cpuMs: (user + system) / 1000 };
  });
}

/** The bench report's section. */
export function essayRenderSection(times: RenderTime[]): string[] {
  const wall = times.map((t) => t.wallMs);
  const cpu = times.map((t) => t.cpuMs);
  return [
    `## Rendering an essay (${fmt(WORDS)} words, ${String(NOTES)} footnotes, ${String(SECTIONS)} sections; Markdown to the page's HTML)`,
    ``,
    `| | median of ${String(ROUNDS)} | slowest | budget |`,
    `|---|---|---|---|`,
    `| wall clock | ${fmt(median(wall), 1)} ms | ${fmt(Math.max(...wall), 1)} ms | < ${String(ESSAY_BUDGET_MS)} ms |`,
    `| CPU time of the process | ${fmt(median(cpu), 1)} ms | ${fmt(Math.max(...cpu), 1)} ms | |`,
    ``,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(essayRenderSection(essayRenderTimes()).join("\n"));
}
