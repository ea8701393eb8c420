import type { Element, ElementContent } from "hast";
import { h } from "./hast";

/** The attribute the page's click code (`embed-player.ts`) finds a facade by. */
export const EMBED_ATTRIBUTE = "data-embed";

/** Whether a body's HTML holds a facade, so its page needs the click code; text never can (its `<` is escaped). */
export const hasEmbeds = (html: string): boolean => /<div [^>]*\bdata-embed\b/.test(html);

/**
 * A player that loads only when asked: `start`, a link that works without JavaScript (to the
 * video's own page), and the player itself kept in a `template`, which the browser parses
 * but never loads or runs; the click code puts it in the link's place. Under it, `caption`.
 */
export function embedFacade(start: Element, player: Element, caption: ElementContent[]): Element {
  const kept: Element = { ...h("template", {}), content: { type: "root", children: [player] } };
  return h("figure", { className: ["embed"] }, [
    h("div", { className: ["embed__frame"], dataEmbed: "" }, [start, kept]),
    h("figcaption", {}, caption),
  ]);
}
