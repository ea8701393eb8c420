import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db.server";
import { conflict, DomainError, invalid, notFound, tooLarge } from "@/lib/errors";
import { MULTIPART_LIMITS } from "./contract";
import { placeUpload, receiveBody } from "./local-uploads.server";
import { randomName } from "./upload-keys";
import type { UploadPolicy } from "./upload-policy.server";

/** One part sent of a multipart upload, as ListParts tells it. */
export interface SentPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** S3 takes no part above 5 GB; neither does the site. */
const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;

// A part's file is named `<number>-<size>-<md5>`, so listing the folder lists the parts
// without opening one.
const PART_FILE = /^([1-9][0-9]{0,4})-([0-9]+)-([0-9a-f]{32})$/;

/** Where the parts of an upload wait: beside the key's file, under raw/, never served, swept when abandoned. */
export const partsFolder = (file: string, uploadId: string): string => `${file}.${uploadId}.parts`;

/** Whether a folder under raw/ holds a multipart upload's parts. */
export const isPartsFolder = (name: string): boolean => name.endsWith(".parts");

/** Refused as S3 refuses it, as a failure of the request's `part` or `parts`. */
const refused = (message: string, field: string) => invalid(message, field);

/**
 * S3's multipart upload protocol on the site's own endpoint, for the local store: the
 * browser's uploader speaks it to either store alike. An upload is a folder of parts
 * beside the key's file; completing it streams the parts, in order, into one file linked
 * into place as a whole upload is (`placeUpload`), so a multi-GB file is never held.
 */
export class LocalMultipart {
  private readonly db: Db;
  private readonly fileOf: (key: string) => string;

  constructor(db: Db, fileOf: (key: string) => string) {
    this.db = db;
    this.fileOf = fileOf;
  }

  private async folder(policy: UploadPolicy): Promise<string> {
    if (!policy.upload) throw invalid("This URL is not for a multipart upload", "policy");
    const folder = partsFolder(this.fileOf(policy.key), policy.upload);
    // Completed, aborted or swept: S3's NoSuchUpload.
    const there = await stat(folder).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!there) throw notFound("Upload");
    return folder;
  }

  /** Start a multipart upload of the policy's key: its id. */
  async create(policy: UploadPolicy): Promise<string> {
    const uploadId = randomName();
    await mkdir(partsFolder(this.fileOf(policy.key), uploadId), { recursive: true });
    return uploadId;
  }

  /** The parts sent so far, by number. */
  async list(policy: UploadPolicy): Promise<SentPart[]> {
    return partsIn(await this.folder(policy));
  }

  /**
   * Take part `policy.part` of the upload (again, if it was sent before): at most 5 GB, and
   * no more than the file's limit leaves beside the other parts (413). Its ETag.
   */
  async put(body: ReadableStream<Uint8Array> | null, policy: UploadPolicy): Promise<string> {
    const number = policy.part;
    if (!number) throw invalid("This URL is not for a part", "policy");
    if (!body) throw invalid("Nothing to upload");
    const folder = await this.folder(policy);
    const others = (await partsIn(folder)).filter((p) => p.partNumber !== number);
    const room = policy.max - others.reduce((sum, p) => sum + p.size, 0);
    if (room <= 0) throw tooLarge(`The file is larger than ${policy.max} bytes`);
    const partial = path.join(folder, `${randomUUID()}.partial`);
    try {
      const hash = createHash("md5");
      const size = await receiveBody(body, Math.min(room, MAX_PART_BYTES), partial, hash);
      const etag = hash.digest("hex");
      // A part sent again replaces the one before, as in S3.
      const earlier = (await readdir(folder).catch(gone)).filter((name) => name.startsWith(`${number}-`));
      await Promise.all(earlier.map((name) => rm(path.join(folder, name), { force: true })));
      await rename(partial, path.join(folder, `${number}-${size}-${etag}`)).catch(gone);
      return etag;
    } finally {
      await rm(partial, { force: true });
    }
  }

  /**
   * Join the parts the browser names, in order, into the key's file, as S3 does: each must
   * have been sent with that ETag, every one but the last at least 5 MB, at most 10,000 of
   * them, and the whole within the policy's limit (413). The parts are gone after.
   */
  async complete(policy: UploadPolicy, named: { partNumber: number; etag: string }[]): Promise<void> {
    const folder = await this.folder(policy);
    const sent = new Map((await partsIn(folder)).map((p) => [p.partNumber, p]));
    if (named.length === 0) throw refused("Name at least one part", "parts");
    if (named.length > MULTIPART_LIMITS.maxParts) throw refused("Too many parts", "parts");
    const parts = named.map(({ partNumber, etag }, i) => {
      const part = sent.get(partNumber);
      if (i > 0 && partNumber <= (named[i - 1]?.partNumber ?? 0)) {
        throw refused("Parts must be listed in ascending order", "parts");
      }
      if (part?.etag !== etag) throw refused(`Part ${partNumber} was not sent, or not with that ETag`, "parts");
      if (i < named.length - 1 && part.size < MULTIPART_LIMITS.minPartBytes) {
        throw refused(`Part ${partNumber} is smaller than 5 MB and not the last`, "parts");
      }
      return part;
    });
    if (parts.reduce((sum, p) => sum + p.size, 0) > policy.max) {
      throw tooLarge(`The file is larger than ${policy.max} bytes`);
    }
    const file = this.fileOf(policy.key);
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await joinParts(
        parts.map((p) => path.join(folder, `${p.partNumber}-${p.size}-${p.etag}`)),
        partial,
      ).catch((error: unknown) => {
        // Sent again, aborted or completed by another request while this one read it.
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          throw conflict("The upload changed while being completed");
        throw error;
      });
      await placeUpload(this.db, policy.key, partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    await rm(folder, { recursive: true, force: true });
  }

  /** Drop the upload and every part sent; dropping one already gone is not an error. */
  async abort(policy: UploadPolicy): Promise<void> {
    await this.folder(policy).then(
      (folder) => rm(folder, { recursive: true, force: true }),
      (error: unknown) => {
        if (!(error instanceof DomainError && error.code === "not_found")) throw error;
      },
    );
  }
}

/** The folder of an upload completed or aborted by another request meanwhile: S3's NoSuchUpload. */
function gone(error: unknown): never {
  throw (error as NodeJS.ErrnoException).code === "ENOENT" ? notFound("Upload") : error;
}

async function partsIn(folder: string): Promise<SentPart[]> {
  return (await readdir(folder).catch(gone))
    .flatMap((name) => {
      const match = PART_FILE.exec(name);
      return match ? [{ partNumber: Number(match[1]), size: Number(match[2]), etag: match[3] ?? "" }] : [];
    })
    .sort((a, b) => a.partNumber - b.partNumber);
}

/** Stream `parts`, one after another, into `file`. */
async function joinParts(parts: string[], file: string): Promise<void> {
  const out = await open(file, "wx");
  try {
    for (const part of parts) {
      for await (const chunk of createReadStream(part, { highWaterMark: 1024 * 1024 }))
        await out.write(chunk as Buffer);
    }
  } finally {
    await out.close();
  }
}
