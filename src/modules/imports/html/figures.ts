import { MARKERS, elements, figureMarker, paragraph, replaceWithAll, unwrap, words } from "./dom";

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?)$/i;

/** Whether `href` opens the image itself, or a larger copy of it, rather than another page. */
function opensImage(href: string, src: string): boolean {
  if (href === src) return true;
  try {
    const url = new URL(href, "https://source.invalid/");
    // WordPress links an image to its attachment page; Substack to its CDN's full size.
    return (
      IMAGE_FILE.test(url.pathname) ||
      url.searchParams.has("attachment_id") ||
      url.pathname.includes("/attachment/") ||
      url.hostname === "substackcdn.com"
    );
  } catch {
    return false;
  }
}

/**
 * Each image wrapped in a link to itself or a larger copy of it, unwrapped: a reader opens
 * the site's own copy, and the figure keeps its place alone on its line. A link to another
 * page stays around its image.
 */
export function unwrapImageLinks(root: Element): void {
  for (const link of elements(root, "a")) {
    const only = link.firstElementChild;
    if (link.children.length !== 1 || only?.localName !== "img" || words(link) !== "") continue;
    if (opensImage(link.getAttribute("href") ?? "", only.getAttribute("src") ?? "")) unwrap(link);
  }
}

/**
 * Every `figure` holding images as figures the essay writes (`md-figure`): one image with
 * its caption as the figure's; a gallery's images each on its line, its caption after
 * them. A figure with no image (a quote, an embed) is unwrapped and its caption kept as a
 * paragraph. Inner figures go first, so a gallery of figures keeps each one's caption.
 */
export function shapeFigures(root: Element): void {
  const document = root.ownerDocument;
  for (const figure of elements(root, "figure").reverse()) {
    const captionElement = figure.querySelector("figcaption");
    const caption = captionElement ? words(captionElement) : "";
    // The images not yet in a figure of their own, and the figures inner ones became, in order.
    const items = elements(figure, `img, ${MARKERS.figure}`).filter(
      (item) => item.localName === MARKERS.figure || !item.closest(MARKERS.figure),
    );
    const [first] = items;
    if (items.length === 1 && first?.localName === "img") {
      figure.replaceWith(figureMarker(first, caption));
      continue;
    }
    if (first) {
      // From the last: each image leaves the figure's children, whose front is costly to take from.
      const figures = [...items]
        .reverse()
        .map((item) => (item.localName === "img" ? figureMarker(item, "") : item))
        .reverse();
      const captioned = caption ? [paragraph(document, [document.createTextNode(caption)])] : [];
      replaceWithAll(figure, [...figures, ...captioned]);
      continue;
    }
    if (captionElement) captionElement.replaceWith(paragraph(document, Array.from(captionElement.childNodes)));
    unwrap(figure);
  }
}
