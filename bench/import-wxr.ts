// Reading a large WordPress export, as an import's dry run does: a WXR of about 100 MB
// (20,000 posts of 5 KB, in the classic editor's markup, with a featured image each), read
// by a process of its own into a fresh embedded database: every item read as a stream,
// its HTML turned into Markdown, its slug checked. Reports the time, and how far resident
// memory grew above where it stood with the database open.
//
//   tsx bench/import-wxr.ts            (npm run bench runs it too)
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createDb } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { openExport } from "../src/modules/imports/open-export.server.ts";
import { planImport } from "../src/modules/imports/plan-import.server.ts";
import { fmt } from "./measure.ts";

// The measuring process runs this file: `process.argv[1]` is whatever script imported it, and
// `npm run bench` spawned itself, a whole bench again, for every row.
const THIS_FILE = fileURLToPath(import.meta.url);

// About 5 KB of export each; `BENCH_WXR_POSTS` to try another size.
const POSTS = Number(process.env.BENCH_WXR_POSTS ?? 20_000);

/** One classic-editor post of about 5 KB: paragraphs without <p>, a caption, a list, a link. */
function postXml(n: number): string {
  const words = "The lobby was beige in the way that only lobbies manage, neither warm nor cold. ".repeat(6);
  const body = `${words}\n\n[caption id="attachment_${String(n)}" width="300"]<img src="https://old.example/wp-content/uploads/${String(n)}.jpg" alt="A chair" /> A chair, ${String(n)}[/caption]\n\n<ul><li>One</li><li>Two</li></ul>\n\n${words}\n\n<a href="https://old.example/2019/05/post-${String(n - 1)}/">The one before</a>\n\n${words.repeat(6)}`;
  return `<item><title>Post ${String(n)}</title><link>https://old.example/2019/05/post-${String(n)}/</link>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${String(n)}</wp:post_id><wp:post_date_gmt><![CDATA[2019-05-04 09:30:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[post-${String(n)}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="hotels"><![CDATA[Hotels]]></category>
<wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[${String(n + POSTS)}]]></wp:meta_value></wp:postmeta>
</item>
<item><title>cover ${String(n)}</title><wp:post_id>${String(n + POSTS)}</wp:post_id><wp:status><![CDATA[inherit]]></wp:status><wp:post_type><![CDATA[attachment]]></wp:post_type>
<wp:attachment_url><![CDATA[https://old.example/wp-content/uploads/cover-${String(n)}.jpg]]></wp:attachment_url></item>
`;
}

async function writeWxr(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.example</wp:base_blog_url>
`);
  for (let n = 1; n <= POSTS; n++) if (!out.write(postXml(n))) await once(out, "drain");
  out.end("</channel></rss>\n");
  await once(out, "finish");
}

export interface WxrFigures {
  bytes: number;
  posts: number;
  ms: number;
  rssGrowthMb: number;
}

/** In the measuring process: the dry run of `file` into a fresh embedded database. */
async function dryRun(file: string, dataDir: string): Promise<WxrFigures> {
  const handle = createDb(path.join(dataDir, "db"));
  await runMigrations(handle);
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const opened = await openExport(file, "export.xml");
    // No old site to ask: the images are counted, not fetched (their probes are the network's time, not the reading's).
    const report = await planImport(handle.db, {
      ...opened,
      fetch: { maxBytes: 1, timeoutMs: 1, privateHosts: [] },
      reader: { ...opened.reader, siteUrl: null },
    });
    return {
      bytes: (await stat(file)).size,
      posts: report.items.posts,
      ms: performance.now() - started,
      rssGrowthMb: (Math.max(peak, process.memoryUsage.rss()) - baseline) / 1024 ** 2,
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
  }
}

/** Makes the export, then reads it in a process of its own so its memory is the reading's alone. */
export async function wxrRow(): Promise<WxrFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-wxr-"));
  try {
    const file = path.join(dir, "export.xml");
    await writeWxr(file);
    const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, "--measure", file, dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    if (code !== 0) throw new Error(`The import's measuring process ended with ${String(code)}`);
    return JSON.parse(out) as WxrFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of results.md. */
export function wxrSection(row: WxrFigures): string[] {
  return [
    `## Reading a large WordPress export (an import's dry run)`,
    ``,
    `A WXR of ${fmt(row.bytes / 1024 ** 2)} MB (${fmt(row.posts)} posts, each with a featured image), read as a stream by a process of its own into a fresh embedded database: each item's HTML turned into Markdown and its slug checked, its images counted. Memory growth is the peak resident memory above where it stood with the database open.`,
    ``,
    `| export | posts | dry run | memory growth |`,
    `|---|---|---|---|`,
    `| ${fmt(row.bytes / 1024 ** 2)} MB | ${fmt(row.posts)} | ${fmt(row.ms / 1000, 1)} s | ${fmt(row.rssGrowthMb, 1)} MB |`,
    ``,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] === "--measure") {
    process.stdout.write(JSON.stringify(await dryRun(process.argv[3] ?? "", process.argv[4] ?? "")));
  } else {
    console.log(wxrSection(await wxrRow()).join("\n"));
  }
}
