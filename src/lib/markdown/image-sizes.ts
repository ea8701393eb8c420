import type { Root } from "hast";
import { visit } from "unist-util-visit";
import {
  isOptimizable,
  MAX_RESIZED_DIMENSION,
  PLACEHOLDER_IMAGE,
  PLACEHOLDER_SIZE,
  responsiveImage,
  type ImageSize,
} from "@/lib/image-url";
import { isElement } from "./hast";

/** The widths a figure is offered at: the text column (40rem) at 1x and 2x, and a phone's. */
const FIGURE_WIDTHS = [480, 800, 1280];
const FIGURE_SIZES = "(min-width: 720px) 640px, 92vw";
/** The column a letter is set in (the newsletter's), which a mail program does not shrink an image to by itself. */
const MAIL_WIDTH = 496;

/** `size` scaled to `width`, never below a pixel. */
const scaled = (size: ImageSize, width: number): ImageSize => ({
  width,
  height: Math.max(1, Math.round((width * size.height) / size.width)),
});

/**
 * The box a figure is served in: as wide as the image, up to the column at 2x, and no side
 * past what the image service makes; and the widths it is offered at within that.
 */
function figureBox(size: ImageSize): { box: ImageSize; widths: number[] } {
  const largest = Math.min(
    size.width,
    FIGURE_WIDTHS.at(-1) ?? size.width,
    Math.floor((MAX_RESIZED_DIMENSION * size.width) / size.height),
  );
  return { box: scaled(size, largest), widths: [...FIGURE_WIDTHS.filter((w) => w < largest), largest] };
}

/**
 * Each image's size in the HTML, so the page keeps its room while it loads (no layout shift).
 * `images` holds the size of every upload the body shows, as the page's caller read them;
 * an upload it lacks is missing from the store, and the placeholder stands in, as it does
 * for images from other sites. On a page a figure of our own uploads is served responsive
 * (srcset and sizes, through the image service, like covers); in mail every image is the
 * file itself at most a letter's column wide. Without `images` (a test, a caller that read
 * none), uploads are left as they are.
 */
export function rehypeImageSizes(medium: "page" | "mail", images?: ReadonlyMap<string, ImageSize>) {
  return (tree: Root) => {
    visit(tree, "element", (node, _index, parent) => {
      if (node.tagName !== "img" || typeof node.properties.src !== "string") return;
      const { src } = node.properties;
      const missing = images !== undefined && isOptimizable(src) && !images.has(src);
      if (missing) node.properties.src = PLACEHOLDER_IMAGE;
      const size = missing || src === PLACEHOLDER_IMAGE ? PLACEHOLDER_SIZE : images?.get(src);
      if (!size) return;
      if (medium === "mail") {
        Object.assign(node.properties, scaled(size, Math.min(size.width, MAIL_WIDTH)));
        return;
      }
      node.properties.decoding = "async";
      if (missing || !isElement(parent, "figure") || !isOptimizable(src)) {
        Object.assign(node.properties, size);
        return;
      }
      const { box, widths } = figureBox(size);
      Object.assign(node.properties, responsiveImage(src, box, widths, FIGURE_SIZES));
    });
  };
}
