import GithubSlugger from "github-slugger";
import type { Element, Root } from "hast";
import { toText } from "hast-util-to-text";
import { SKIP_CHILDREN, copyNodes, eachElement, h, text } from "./hast";

const HEADING = /^h[1-6]$/;
const level = (heading: Element): number => Number(heading.tagName[1]);

/** A heading's words without its notes' reference numbers, which would read as part of them. */
export function headingWords(heading: Element): string {
  const words = copyNodes(heading);
  eachElement(words, (node, parent, index) => {
    if (node.tagName !== "sup") return;
    parent.children.splice(index, 1);
    return index;
  });
  return toText(words).trim();
}

/**
 * The post's title is the page's one `h1`, so a body's headings sit under it: its highest
 * level becomes an `h2` and the others keep their distance from it (`#` and `##` are `h2`
 * and `h3`; an essay written from `##` starts at `h2` too), never past `h6`. Each gets an id
 * from its words without note numbers (github-slugger, as GitHub and most Markdown tools
 * make them), after the post's prefix so two posts on one page never share one.
 */
export function rehypeHeadingIds(idPrefix: string) {
  return (tree: Root) => {
    const headings: Element[] = [];
    eachElement(tree, (node) => {
      // The notes' own heading is not part of the essay's outline.
      if (node.tagName === "section") return SKIP_CHILDREN;
      if (!HEADING.test(node.tagName)) return;
      headings.push(node);
      return SKIP_CHILDREN;
    });
    const shift = 2 - Math.min(...headings.map(level));
    const slugger = new GithubSlugger();
    for (const heading of headings) {
      heading.tagName = `h${String(Math.min(6, level(heading) + shift))}`;
      heading.properties.id = `${idPrefix}${slugger.slug(headingWords(heading)) || "section"}`;
    }
  };
}

/** On the site, each heading also links to itself, for readers to copy. */
export function rehypeHeadingAnchors(idPrefix: string) {
  return (tree: Root) => {
    eachElement(tree, (node) => {
      if (node.tagName === "section") return SKIP_CHILDREN;
      const { id } = node.properties;
      if (!HEADING.test(node.tagName) || typeof id !== "string" || !id.startsWith(idPrefix)) return;
      node.children.push(
        text(" "),
        h("a", { className: ["heading-anchor"], href: `#${id}` }, [
          h("span", { ariaHidden: "true" }, [text("#")]),
          h("span", { className: ["visually-hidden"] }, [text("Link to this section")]),
        ]),
      );
      return SKIP_CHILDREN;
    });
  };
}
