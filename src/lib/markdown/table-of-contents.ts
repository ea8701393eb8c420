import type { Element, Root } from "hast";
import { headingWords } from "./heading-anchors";
import { SKIP_CHILDREN, eachElement, h, isElement, text } from "./hast";

/** From how many headings an essay gets a table of contents. */
export const TOC_MIN_HEADINGS = 3;

const HEADING = /^h([2-6])$/;

interface Entry {
  depth: number;
  id: string;
  words: string;
}

/** The essay's headings with their ids, in order; the notes' own heading is not the essay's. */
function entriesOf(tree: Root, idPrefix: string): Entry[] {
  const entries: Entry[] = [];
  eachElement(tree, (node) => {
    if (node.tagName === "section") return SKIP_CHILDREN;
    const depth = HEADING.exec(node.tagName)?.[1];
    const { id } = node.properties;
    if (!depth || typeof id !== "string" || !id.startsWith(idPrefix)) return;
    entries.push({ depth: Number(depth), id, words: headingWords(node) });
    return SKIP_CHILDREN;
  });
  return entries;
}

/** The entries as nested lists: a heading under a higher one is in a list within that one's item. */
function nestedList(entries: Entry[]): Element {
  const top = h("ol", {});
  const open: { depth: number; list: Element }[] = [{ depth: Math.min(...entries.map((e) => e.depth)), list: top }];
  for (const entry of entries) {
    while (open.length > 1 && (open.at(-1)?.depth ?? 0) > entry.depth) open.pop();
    const current = open.at(-1) ?? { depth: entry.depth, list: top };
    const last = current.list.children.at(-1);
    if (entry.depth > current.depth && last?.type === "element") {
      // A level skipped and then filled (h2, h4, h3) shares the one list under the h2.
      const inner = last.children.at(-1);
      const list = isElement(inner, "ol") ? inner : h("ol", {});
      if (list !== inner) last.children.push(list);
      open.push({ depth: entry.depth, list });
    }
    (open.at(-1)?.list ?? top).children.push(h("li", {}, [h("a", { href: `#${entry.id}` }, [text(entry.words)])]));
  }
  return top;
}

/**
 * On a page, an essay of `TOC_MIN_HEADINGS` headings or more starts with its contents: a
 * list of links to its headings, nested by level. Run before the headings get their own
 * anchors, whose words are not the heading's.
 */
export function rehypeTableOfContents(idPrefix: string) {
  return (tree: Root) => {
    const entries = entriesOf(tree, idPrefix);
    if (entries.length < TOC_MIN_HEADINGS) return;
    tree.children.unshift(
      h("nav", { className: ["toc"], ariaLabel: "Contents" }, [
        h("p", { className: ["toc__title"] }, [text("Contents")]),
        nestedList(entries),
      ]),
    );
  };
}
