import type { Root } from "hast";
import {
  isOptimizable,
  MAX_RESIZED_DIMENSION,
  PLACEHOLDER_IMAGE,
  PLACEHOLDER_SIZE,
  responsiveImage,
  type ImageSize,
} from "@/lib/image-url";
import { eachElement } from "./hast";

/** The widths an image is offered at: the text column (40rem) at 1x and 2x, and a phone's. */
const WIDTHS = [480, 800, 1280];
const SIZES = "(min-width: 720px) 640px, 92vw";
/** The column a letter is set in (the newsletter's), which a mail program does not shrink an image to by itself. */
const MAIL_WIDTH = 496;

/** `size` scaled to `width`, never below a pixel. */
const scaled = (size: ImageSize, width: number): ImageSize => ({
  width,
  height: Math.max(1, Math.round((width * size.height) / size.width)),
});

/**
 * The box an image is served in: as wide as the image, up to the column at 2x, and no side
 * past what the image service makes; and the widths it is offered at within that.
 */
function imageBox(size: ImageSize): { box: ImageSize; widths: number[] } {
  const largest = Math.min(
    size.width,
    WIDTHS.at(-1) ?? size.width,
    Math.floor((MAX_RESIZED_DIMENSION * size.width) / size.height),
  );
  return { box: scaled(size, largest), widths: [...WIDTHS.filter((w) => w < largest), largest] };
}

/**
 * Each image's size in the HTML, so the page keeps its room while it loads (no layout shift).
 * `images` holds the size of every upload the body shows, as the page's caller read them;
 * an upload it lacks is missing from the store, and the placeholder stands in, as it does
 * for images from other sites. On a page our own uploads are served responsive (srcset and
 * sizes, through the image service, like covers), in their own proportions, a figure or an
 * image within a line alike; in mail every image is the file itself at most a letter's
 * column wide. Without `images` (a test, a caller that read
 * none), uploads are left as they are.
 */
export function rehypeImageSizes(medium: "page" | "mail", images?: ReadonlyMap<string, ImageSize>) {
  return (tree: Root) => {
    eachElement(tree, (node) => {
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
      if (missing || !isOptimizable(src)) {
        Object.assign(node.properties, size);
        return;
      }
      const { box, widths } = imageBox(size);
      Object.assign(node.properties, responsiveImage(src, box, widths, SIZES));
    });
  };
}
