import { UPLOADS_PREFIX } from "@/lib/image-url";
import { isServedKey } from "@/modules/uploads/upload-keys";

// A key as uploads make them (lowercase segments of safe characters), after the prefix.
const UPLOAD_PATH = new RegExp(`${UPLOADS_PREFIX}([a-z0-9][a-z0-9._-]*(?:/[a-z0-9][a-z0-9._-]*)*)`, "g");

/**
 * The keys of the stored files a text names by their site path, `/uploads/<key>`: a cover,
 * a gallery image, a video and its captions, an image in a Markdown body, a theme's
 * `url()`, a layout's image. Never an unchecked upload (`raw/`); a sentence's full stop
 * after a path is not part of it.
 * @example uploadKeysIn('{"image_url":"/uploads/images/a.webp"} see /uploads/seed/b.jpg.') // ["images/a.webp", "seed/b.jpg"]
 */
export function uploadKeysIn(text: string): string[] {
  return [...text.matchAll(UPLOAD_PATH)]
    .map((match) => (match[1] ?? "").replace(/\.+$/, ""))
    .filter((key) => isServedKey(key));
}
