import { invalid, notFound, tooLarge, unsupportedType } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { KIND_NAMES, MAX_BYTES } from "./contract";
import { detectType, SAMPLE_BYTES } from "./detect-type.server";
import type { ObjectStore } from "./object-store.server";
import { rawKindOf, servedKey } from "./upload-keys";

/**
 * Turn a raw upload into a served object: only our own raw upload paths are accepted (no
 * traversal, no other URLs), the type is read from the file's bytes (SVG and HTML are
 * refused) and must be of the kind the upload URL was asked for, and the size limit for
 * that kind is checked. A refused file is deleted. Returns the path to use.
 */
export async function normalizeUpload(store: ObjectStore, rawPath: string): Promise<string> {
  const key = rawPath.startsWith(UPLOADS_PREFIX) ? rawPath.slice(UPLOADS_PREFIX.length) : "";
  const kind = rawKindOf(key);
  if (!kind) throw invalid("Not an upload of this site", "rawPath");
  const size = await store.size(key);
  if (size === null) throw notFound("Upload");
  const type = await detectType(await store.head(key, SAMPLE_BYTES), size);
  if (!type) {
    await store.remove(key);
    throw unsupportedType("Only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos are accepted");
  }
  if (type.kind !== kind) {
    await store.remove(key);
    throw unsupportedType(`Expected ${KIND_NAMES[kind]}, but this file is ${KIND_NAMES[type.kind]}`);
  }
  if (size > MAX_BYTES[kind]) {
    await store.remove(key);
    throw tooLarge(`The file is larger than ${MAX_BYTES[kind] / 1024 / 1024} MB`);
  }
  const target = servedKey(key, type);
  await store.move(key, target, type.mime);
  return UPLOADS_PREFIX + target;
}
