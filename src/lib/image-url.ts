export { PLACEHOLDER_IMAGE } from "../../db/domain-constants.ts";

/** Where uploaded files are served from (the local object store). */
export const UPLOADS_PREFIX = "/uploads/";

/** The one format the image endpoint produces, and so the only one the site asks it for. */
export const RESIZED_FORMAT = "webp";

/** The most pixels the image endpoint makes on either side; no page asks for more. */
export const MAX_RESIZED_DIMENSION = 2400;

/** An image's width and height in pixels, or the box it is drawn in. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The placeholder's own size (its SVG's viewBox), so a page keeps its room before it loads. */
export const PLACEHOLDER_SIZE: ImageSize = { width: 1200, height: 675 };

const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i;

/** Whether the image service can resize this image (our own uploaded rasters). */
export function isOptimizable(src: string): boolean {
  return src.startsWith(UPLOADS_PREFIX) && RASTER.test(src);
}

/**
 * The URL of `src` resized and cropped to `width` x `height` as WebP by Astro's image
 * endpoint, in the parameters its image service reads (href, w, h, f, fit).
 * @example resizedUrl("/uploads/a.jpg", 320, 180) // "/_image?href=%2Fuploads%2Fa.jpg&w=320&h=180&f=webp&fit=cover"
 */
export function resizedUrl(src: string, width: number, height: number): string {
  const params = new URLSearchParams({
    href: src,
    w: String(width),
    h: String(height),
    f: RESIZED_FORMAT,
    fit: "cover",
  });
  return `/_image?${params.toString()}`;
}

/** A srcset of `src` at each width, keeping the box's aspect ratio. */
export function srcSet(src: string, box: ImageSize, widths: number[]): string {
  return widths.map((w) => `${resizedUrl(src, w, Math.round((w * box.height) / box.width))} ${w}w`).join(", ");
}

/** What an `img` needs to be responsive and keep its room while it loads. */
export interface ResponsiveImage extends ImageSize {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * An image drawn in `box`: our uploads resized by the image service, cropped to the box's
 * aspect ratio and offered at each of `widths`; anything else as it is.
 * @example responsiveImage("/images/a.svg", { width: 4, height: 3 }, [480], "100vw") // { src: "/images/a.svg", width: 4, height: 3 }
 */
export function responsiveImage(src: string, box: ImageSize, widths: number[], sizes: string): ResponsiveImage {
  if (!isOptimizable(src)) return { src, ...box };
  return { src: resizedUrl(src, box.width, box.height), srcSet: srcSet(src, box, widths), sizes, ...box };
}
