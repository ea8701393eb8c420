import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { DomainError, invalid, tooLarge } from "@/lib/errors";
import type { UploadPolicy } from "./upload-policy.server";

/**
 * Write an upload's body to `file`, the local store's file for the policy's key, refusing
 * more than the policy allows (413) and leaving nothing behind when it fails.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  policy: UploadPolicy,
  file: string,
): Promise<void> {
  if (!body) throw invalid("Nothing to upload");
  await mkdir(path.dirname(file), { recursive: true });
  let size = 0;
  const sink = Writable.toWeb(createWriteStream(file));
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > policy.max) controller.error(tooLarge(`The file is larger than ${policy.max} bytes`));
      else controller.enqueue(chunk);
    },
  });
  try {
    await body.pipeThrough(limit).pipeTo(sink);
  } catch (error) {
    await rm(file, { force: true });
    throw error instanceof DomainError ? error : invalid("The upload did not complete");
  }
  if (size === 0) {
    await rm(file, { force: true });
    throw invalid("The file is empty");
  }
}
