import type { Db } from "@/lib/db.server";
import { conflict, DomainError, invalid, notFound } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { KIND_NAMES, MAX_BYTES, type UploadKind } from "./contract";
import { decodesWhole } from "./decode-image.server";
import { detectType, SAMPLE_BYTES, type DetectedType } from "./detect-type.server";
import { webVttFault } from "./webvtt.server";
import type { ObjectStore } from "./object-store.server";
import { claimUpload, releaseClaim } from "./upload-claims.server";
import { rawKeyOwner, servedKey } from "./upload-keys";

/** Why an upload is refused, as a failure of the field that named it. */
const refusal = (code: "unsupported_type" | "too_large", message: string) =>
  new DomainError(code, message, { field: "rawPath" });

/** What a raw upload is, once its bytes pass every check of its kind. */
async function checkedType(store: ObjectStore, key: string, kind: UploadKind, size: number): Promise<DetectedType> {
  const type = await detectType(await store.head(key, SAMPLE_BYTES), size);
  if (!type) {
    throw refusal(
      "unsupported_type",
      "Only JPEG, PNG, WebP, GIF or AVIF images, MP4 or WebM videos and WebVTT captions are accepted",
    );
  }
  if (type.kind !== kind) {
    throw refusal("unsupported_type", `Expected ${KIND_NAMES[kind]}, but this file is ${KIND_NAMES[type.kind]}`);
  }
  if (size > MAX_BYTES[kind]) throw refusal("too_large", `The file is larger than ${MAX_BYTES[kind] / 1024 / 1024} MB`);
  // Read whole only now, so at most the kind's size. Videos are served as they are, and
  // decoding one would cost far more than a request may.
  if (type.kind === "captions") {
    const bytes = await store.read(key);
    if (!bytes) throw notFound("Upload");
    const fault = webVttFault(bytes);
    if (fault) throw refusal("unsupported_type", `This is not a valid WebVTT file. ${fault}`);
  }
  if (type.kind === "image") {
    const bytes = await store.read(key);
    if (!bytes) throw notFound("Upload");
    if (!(await decodesWhole(bytes))) {
      throw refusal(
        "unsupported_type",
        "This image could not be read: the file is damaged, incomplete or has too many pixels",
      );
    }
  }
  return type;
}

/** Check a raw upload's bytes and move it where it is served; a refused file is deleted. */
async function checkAndMove(store: ObjectStore, key: string, kind: UploadKind, size: number): Promise<string> {
  const type = await checkedType(store, key, kind, size).catch(async (error: unknown) => {
    // A file the store failed to read stays, so the upload may be normalised again.
    if (error instanceof DomainError) await store.remove(key);
    throw error;
  });
  const target = servedKey(key, type);
  await store.move(key, target, type.mime);
  return UPLOADS_PREFIX + target;
}

/**
 * Turn a raw upload into a served object: only our own raw upload paths are accepted (no
 * traversal, no other URLs), and only by the account the key was handed to, which the key
 * names (404 for any other). The type is read from the file's bytes (SVG and HTML are
 * refused) and must be of the kind the upload URL was asked for, the size limit for that
 * kind is checked, and an image must decode whole. Each key is normalised once: of several
 * calls at once, one goes on and the others get 409 or 404. Returns the path to use.
 */
export async function normalizeUpload(db: Db, store: ObjectStore, rawPath: string, userId: number): Promise<string> {
  const key = rawPath.startsWith(UPLOADS_PREFIX) ? rawPath.slice(UPLOADS_PREFIX.length) : "";
  const raw = rawKeyOwner(key);
  if (!raw) throw invalid("Not an upload of this site", "rawPath");
  if (raw.userId !== userId) throw notFound("Upload");
  const size = await store.size(key);
  if (size === null) throw notFound("Upload");
  if (!(await claimUpload(db, key))) throw conflict("This upload is already normalised, or being normalised");
  try {
    return await checkAndMove(store, key, raw.kind, size);
  } catch (error) {
    // The file is still there when the store failed, so the upload may be normalised again.
    if (!(error instanceof DomainError)) await releaseClaim(db, key);
    throw error;
  }
}
