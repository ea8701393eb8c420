import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Db } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import type { MultipartStep, UploadTarget } from "./contract";
import { isPartsFolder, LocalMultipart } from "./local-multipart.server";
import type { ObjectStore } from "./object-store.server";
import { serveFile } from "./serve-file.server";
import { receiveUpload } from "./local-uploads.server";
import { ABANDONED_AFTER_MS } from "./upload-claims.server";
import { signUpload, type UploadPolicy } from "./upload-policy.server";
import { isObjectKey, type Upload } from "./upload-keys";

/**
 * The file behind an object key, or null when the key is not one we could have made
 * (traversal, absolute paths, odd characters).
 * @example objectFile("seed/kettle.mp4", "/srv/data/uploads") // "/srv/data/uploads/seed/kettle.mp4"
 */
export function objectFile(key: string, root: string): string | null {
  if (!isObjectKey(key)) return null;
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Objects as files under one folder (`DATA_DIR/uploads`); uploads come to the site's own signed endpoint. */
export class LocalStore implements ObjectStore {
  private readonly root: string;
  private readonly db: Db;
  readonly multipart: LocalMultipart;

  constructor(root: string, db: Db) {
    this.root = root;
    this.db = db;
    this.multipart = new LocalMultipart(db, (key) => this.file(key));
  }

  /** The file behind a key; a key we could not have made is refused. */
  file(key: string): string {
    const file = objectFile(key, this.root);
    if (!file) throw new Error(`Invalid object key: ${key}`);
    return file;
  }

  async uploadTarget(upload: Upload): Promise<Omit<UploadTarget, "rawPath">> {
    const url = await signUpload(this.db, upload);
    return { method: "PUT", url, fields: {}, headers: { "Content-Type": upload.type } };
  }

  async multipartTarget(
    step: MultipartStep,
    upload: Upload,
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const signed = step.step === "create" ? {} : { uploadId: step.uploadId };
    const url = await signUpload(this.db, upload, {
      endpoint: "multipart",
      step: step.step === "part" ? { ...signed, partNumber: step.partNumber } : signed,
    });
    return { url, headers: {} };
  }

  async dropAbandoned(now = Date.now()): Promise<void> {
    // Uploads wait in a folder per kind under raw/ (RAW_KEY), so the whole tree is swept. A
    // multipart upload's parts go with their folder, once nothing was added to it for as
    // long: a slow upload's first parts stay while later ones arrive.
    const raw = path.join(this.root, "raw");
    const entries = await readdir(raw, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      const swept = isPartsFolder(entry.name)
        ? entry.isDirectory()
        : entry.isFile() && !isPartsFolder(entry.parentPath);
      if (!swept) continue;
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > ABANDONED_AFTER_MS) await rm(file, { recursive: true, force: true });
    }
  }

  async size(key: string): Promise<number | null> {
    const file = objectFile(key, this.root);
    const info = file ? await stat(file).catch(() => null) : null;
    return info?.isFile() ? info.size : null;
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const handle = await open(this.file(key), "r");
    try {
      const bytes = new Uint8Array(length);
      const { bytesRead } = await handle.read(bytes, 0, length, 0);
      return bytes.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string): Promise<Uint8Array | null> {
    const file = objectFile(key, this.root);
    if (!file) return null;
    return readFile(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = objectFile(key, this.root);
    if (!file) return null;
    // Opened before it is measured, so the size is the size of what is read, even should
    // the file be replaced meanwhile.
    const handle = await open(file, "r").catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    // The stream closes the file when it ends or is destroyed.
    return { body: handle.createReadStream(), size: info.size };
  }

  serve(request: Request, key: string): Promise<Response | null> {
    const file = objectFile(key, this.root);
    return file ? serveFile(request, file) : Promise.resolve(null);
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.file(from), target).catch((error: unknown) => {
      // Another call moved or deleted it first.
      if (isMissing(error)) throw notFound("Upload");
      throw error;
    });
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  receive(body: ReadableStream<Uint8Array> | null, policy: UploadPolicy): Promise<void> {
    return receiveUpload(this.db, body, policy, this.file(policy.key));
  }
}
