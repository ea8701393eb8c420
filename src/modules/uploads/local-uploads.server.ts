import { randomUUID, type Hash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import type { Db } from "@/lib/db.server";
import { conflict, DomainError, invalid, tooLarge } from "@/lib/errors";
import { isClaimed } from "./upload-claims.server";
import type { UploadPolicy } from "./upload-policy.server";

/**
 * Write a body to `file`, refusing more than `max` bytes (413) and nothing at all (400);
 * `hash`, when given, is fed every byte on the way. Returns the size written.
 */
export async function receiveBody(
  body: ReadableStream<Uint8Array>,
  max: number,
  file: string,
  hash?: Hash,
): Promise<number> {
  let size = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > max) controller.error(tooLarge(`The file is larger than ${max} bytes`));
      else {
        hash?.update(chunk);
        controller.enqueue(chunk);
      }
    },
  });
  const out = createWriteStream(file);
  try {
    await body.pipeThrough(limit).pipeTo(Writable.toWeb(out));
  } catch (error) {
    throw error instanceof DomainError ? error : invalid("The upload did not complete");
  } finally {
    // An aborted stream may still be opening its file: wait until it is closed, so the
    // caller's clean-up removes the file rather than running before it exists.
    if (!out.closed)
      await new Promise<void>((resolve) =>
        out.once("close", () => {
          resolve();
        }),
      );
  }
  if (size === 0) throw invalid("The file is empty");
  return size;
}

const USED = "This upload URL was already used";

/**
 * Take an upload's body as the signed policy allows, into `file`, the local store's file
 * for the policy's key. The body goes to a file of its own first; only once it is whole is
 * it linked into place, which fails if a file is there already, so a failed upload leaves
 * nothing behind and the URL can be tried again, and of two uploads with one URL only the
 * first to finish is kept (409 for the other). Nothing is recorded: the file is the use.
 */
export async function receiveUpload(
  db: Db,
  body: ReadableStream<Uint8Array> | null,
  policy: UploadPolicy,
  file: string,
): Promise<void> {
  if (!body) throw invalid("Nothing to upload");
  await mkdir(path.dirname(file), { recursive: true });
  // Beside the key's file, so the link cannot cross file systems; swept with raw uploads.
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await receiveBody(body, policy.max, partial);
    await placeUpload(db, policy.key, partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Link a whole upload, written beside its place as `partial`, into `file`, the key's: only
 * if the key is not yet normalised and nothing is there yet (409 otherwise), so of two
 * uploads with one URL only the first to finish is kept. The caller removes `partial`.
 */
export async function placeUpload(db: Db, key: string, partial: string, file: string): Promise<void> {
  // Normalised while this one was on its way: the key is spent.
  if (await isClaimed(db, key)) throw conflict(USED);
  await link(partial, file).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === "EEXIST" ? conflict(USED) : error;
  });
}
