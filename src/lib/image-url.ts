export { PLACEHOLDER_IMAGE } from "../../db/domain-constants.ts";

/** Where uploaded files are served from (the local object store). */
export const UPLOADS_PREFIX = "/uploads/";

/** The one format the image endpoint produces, and so the only one the site asks it for. */
export const RESIZED_FORMAT = "webp";

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
export function srcSet(src: string, box: { width: number; height: number }, widths: number[]): string {
  return widths.map((w) => `${resizedUrl(src, w, Math.round((w * box.height) / box.width))} ${w}w`).join(", ");
}
