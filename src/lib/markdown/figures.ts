import type { Element, Root } from "hast";
import { SKIP_CHILDREN, eachElement, h, loneElement, text } from "./hast";

/**
 * How an author says an image is decorative, with nothing to describe: its alt text written
 * as an empty pair of quotes, `![""](/uploads/…)`, which is `alt=""` in the page. An image
 * with no alt text at all (`![](…)`) is one not yet described, and is not published.
 */
export const DECORATIVE_ALT = '""';

/** An image's alt text as the page gives it: the decorative mark is the empty alt it stands for. */
function settleAlt(image: Element): void {
  if (image.properties.alt === DECORATIVE_ALT) image.properties.alt = "";
}

/**
 * An image alone in its paragraph is a figure, its Markdown title (`![alt](src "Caption")`)
 * its caption, shown under it rather than as a tooltip. An image within running text stays
 * where it is, as an image.
 */
export function rehypeFigures() {
  return (tree: Root) => {
    eachElement(tree, (node, parent, index) => {
      if (node.tagName === "img") settleAlt(node);
      const image = node.tagName === "p" ? loneElement(node, "img") : undefined;
      if (!image) return;
      settleAlt(image);
      const { title } = image.properties;
      delete image.properties.title;
      const caption = typeof title === "string" && title.trim() ? [h("figcaption", {}, [text(title.trim())])] : [];
      parent.children[index] = h("figure", {}, [image, ...caption]);
      return SKIP_CHILDREN;
    });
  };
}
