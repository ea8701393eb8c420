import GithubSlugger from "github-slugger";
import type { Root } from "hast";
import { toText } from "hast-util-to-text";
import { SKIP_CHILDREN, eachElement, h, text } from "./hast";

const HEADING = /^h[1-6]$/;

/**
 * The post's title is the page's one `h1`, so a body's headings sit one level under it (`#`
 * is an `h2`, `######` stays an `h6`). Each gets an id from its words (github-slugger, as
 * GitHub and most Markdown tools make them), after the post's prefix so two posts on one
 * page never share one.
 */
export function rehypeHeadingIds(idPrefix: string) {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    eachElement(tree, (node) => {
      // The notes' own heading is not part of the essay's outline.
      if (node.tagName === "section") return SKIP_CHILDREN;
      if (!HEADING.test(node.tagName)) return;
      node.tagName = `h${String(Math.min(6, Number(node.tagName[1]) + 1))}`;
      node.properties.id = `${idPrefix}${slugger.slug(toText(node)) || "section"}`;
      return SKIP_CHILDREN;
    });
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
