import type { Db } from "@/lib/db.server";
import { conflict, invalid, notFound } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { MAX_BYTES, uploadKindOf, type MultipartStep, type MultipartTarget } from "./contract";
import type { ObjectStore } from "./object-store.server";
import { isClaimed } from "./upload-claims.server";
import { newUpload, rawKeyOwner, type Upload } from "./upload-keys";

/** The upload a later step is about: a raw key handed to `userId`, of the file's kind, not yet normalised. */
async function uploadOf(db: Db, step: Exclude<MultipartStep, { step: "create" }>, userId: number): Promise<Upload> {
  const owner = rawKeyOwner(step.key);
  // Another account's key is not there for this one.
  if (owner?.userId !== userId) throw notFound("Upload");
  if (owner.kind !== uploadKindOf(step.contentType)) {
    throw invalid(`This upload is for ${owner.kind}, not ${step.contentType}`, "contentType");
  }
  if (await isClaimed(db, step.key)) throw conflict("This upload is already normalised");
  return { key: step.key, type: step.contentType, maxBytes: MAX_BYTES[owner.kind], userId };
}

/**
 * Sign one request of a multipart upload for `userId`: starting one mints a fresh raw key
 * of the file's kind, as a single upload's URL does; every later step must name a key
 * handed to that account. Nothing is recorded: the store's own upload id ties the parts.
 */
export async function signMultipartStep(
  db: Db,
  store: ObjectStore,
  step: MultipartStep,
  userId: number,
): Promise<MultipartTarget> {
  const upload = step.step === "create" ? newUpload(step.contentType, userId) : await uploadOf(db, step, userId);
  const target = await store.multipartTarget(step, upload);
  return { ...target, key: upload.key, rawPath: UPLOADS_PREFIX + upload.key };
}
