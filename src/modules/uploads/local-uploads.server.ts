import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { HttpError } from "@/lib/http.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { detectType, MAX_BYTES } from "./file-types";
import { objectFile } from "./local-store.server";
import type { UploadPolicy } from "./upload-policy.server";

/** Write an upload's body to its raw key, refusing more than the policy allows (413) and leaving nothing behind. */
export async function receiveUpload(body: ReadableStream<Uint8Array> | null, policy: UploadPolicy): Promise<string> {
  const file = objectFile(policy.key);
  if (!file || !body) throw new HttpError(400, "Nothing to upload");
  await mkdir(path.dirname(file), { recursive: true });
  let size = 0;
  const sink = Writable.toWeb(createWriteStream(file));
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > policy.max) controller.error(new HttpError(413, `The file is larger than ${policy.max} bytes`));
      else controller.enqueue(chunk);
    },
  });
  try {
    await body.pipeThrough(limit).pipeTo(sink);
  } catch (error) {
    await rm(file, { force: true });
    throw error instanceof HttpError ? error : new HttpError(400, "The upload did not complete");
  }
  if (size === 0) {
    await rm(file, { force: true });
    throw new HttpError(400, "The file is empty");
  }
  return UPLOADS_PREFIX + policy.key;
}

const RAW_PATH = /^\/uploads\/raw\/[a-z0-9]{26}$/;

/**
 * Turn a raw upload into a served object: only our own raw upload paths are accepted (no
 * traversal, no other URLs), the type is read from the file's bytes (SVG and HTML are
 * refused), and the size limit for that type is checked. Returns the path to use.
 */
export async function normalizeUpload(rawPath: string): Promise<string> {
  if (!RAW_PATH.test(rawPath)) throw new HttpError(400, "Not an upload of this site", { field: "rawPath" });
  const key = rawPath.slice(UPLOADS_PREFIX.length);
  const file = objectFile(key);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) throw new HttpError(404, "Upload not found");
  const handle = await open(file, "r");
  const head = new Uint8Array(32);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const type = detectType(head);
  if (!type) {
    await rm(file, { force: true });
    throw new HttpError(415, "Only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos are accepted");
  }
  if (info.size > MAX_BYTES[type.kind]) {
    await rm(file, { force: true });
    throw new HttpError(413, `The file is larger than ${MAX_BYTES[type.kind] / 1024 / 1024} MB`);
  }
  const finalKey = `${type.kind === "image" ? "images" : "videos"}/${path.basename(key)}.${type.ext}`;
  const target = objectFile(finalKey);
  if (!target) throw new HttpError(400, "Invalid upload");
  await mkdir(path.dirname(target), { recursive: true });
  await rename(file, target);
  return UPLOADS_PREFIX + finalKey;
}
