import { invalid, notFound, tooLarge, unsupportedType } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { MAX_BYTES } from "./contract";
import { detectType, SAMPLE_BYTES } from "./detect-type.server";
import type { ObjectStore } from "./object-store.server";
import { RAW_KEY, servedKey } from "./upload-keys";

/**
 * Turn a raw upload into a served object: only our own raw upload paths are accepted (no
 * traversal, no other URLs), the type is read from the file's bytes (SVG and HTML are
 * refused), and the size limit for that type is checked. A refused file is deleted.
 * Returns the path to use.
 */
export async function normalizeUpload(store: ObjectStore, rawPath: string): Promise<string> {
  const key = rawPath.startsWith(UPLOADS_PREFIX) ? rawPath.slice(UPLOADS_PREFIX.length) : "";
  if (!RAW_KEY.test(key)) throw invalid("Not an upload of this site", "rawPath");
  const size = await store.size(key);
  if (size === null) throw notFound("Upload");
  const type = await detectType(await store.head(key, SAMPLE_BYTES), size);
  if (!type) {
    await store.remove(key);
    throw unsupportedType("Only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos are accepted");
  }
  if (size > MAX_BYTES[type.kind]) {
    await store.remove(key);
    throw tooLarge(`The file is larger than ${MAX_BYTES[type.kind] / 1024 / 1024} MB`);
  }
  const target = servedKey(key, type);
  await store.move(key, target, type.mime);
  return UPLOADS_PREFIX + target;
}
