import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { MAX_BYTES } from "@/modules/uploads/contract";
import { decodesWhole } from "@/modules/uploads/decode-image.server";
import { detectType } from "@/modules/uploads/detect-type.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { FetchRefused, fetchMedia, type FetchLimits } from "./fetch-media.server";
import type { ExportReader } from "./source-item";

const { importedMedia } = tables;

/** What bringing an import's media in needs: where from, where to, and within which limits. */
export interface MediaSource {
  reader: ExportReader;
  store: ObjectStore;
  /** The old site, as the keys of what the import brings name it (`<kind>|<site>`). */
  origin: string;
  runId: number;
  /** Where a medium waits while it is checked. */
  scratchDir: string;
  fetch: FetchLimits;
}

/** Whether a medium was brought in (its new address) or not (why), and its bytes read. */
export type Brought = { url: string; bytes: number } | { failure: string; bytes: number };

/** Where the old site's media are: a path on it is read against its address when the export does not hold it. */
function addressOf(ref: string, siteUrl: string | null): string | null {
  if (/^https?:\/\//i.test(ref)) return ref;
  if (ref.startsWith("//")) return `https:${ref}`;
  if (ref.startsWith("/") && siteUrl) return new URL(ref, siteUrl).href;
  return null;
}

/** The key of one medium's copy: the same for the same medium of the same site, however often it is imported. */
function keyOf(sourceKey: string, ext: string): string {
  const digest = createHash("sha256").update(sourceKey).digest("hex").slice(0, 32);
  return `images/imported-${digest}.${ext}`;
}

async function copyFromExport(stream: NodeJS.ReadableStream, file: string): Promise<number> {
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MAX_BYTES.image) done(new FetchRefused(`larger than ${String(MAX_BYTES.image / 1024 ** 2)} MB`));
      else done(null, chunk);
    },
  });
  await pipeline(Readable.from(stream), counted, createWriteStream(file));
  return bytes;
}

/** The medium's bytes, at `file`: from the export when it holds them, else from the old site. */
async function fetchInto(ref: string, source: MediaSource, file: string): Promise<number> {
  const inExport = await source.reader.openMedia(ref);
  if (inExport) {
    if (inExport.size > MAX_BYTES.image) {
      throw new FetchRefused(`larger than ${String(MAX_BYTES.image / 1024 ** 2)} MB`);
    }
    return copyFromExport(inExport.stream, file);
  }
  const address = addressOf(ref, source.reader.siteUrl);
  if (!address) throw new FetchRefused("not in the export, and the old site's address is not known");
  return (await fetchMedia(address, file, source.fetch)).bytes;
}

/** The image at `file` as the site takes an upload: its bytes say which type, and it decodes whole. */
async function checkedImage(file: string, size: number) {
  const bytes = await readFile(file);
  const type = await detectType(bytes.subarray(0, 4100), size);
  if (type?.kind !== "image") throw new FetchRefused("not an image the site takes (JPEG, PNG, WebP, GIF or AVIF)");
  if (!(await decodesWhole(bytes))) throw new FetchRefused("a damaged or incomplete image");
  return type;
}

/**
 * Bring one image an imported item shows into the site's store, once: an image already
 * brought (by this import or an earlier one) is not read again, and one this run already
 * failed is not tried again. Copied from the export when it holds it, else fetched from the
 * old site (`fetchMedia`'s limits), then checked as an upload is; the result, copy or reason,
 * is kept in `imported_media`. Never throws for the medium's fault: a failure is a reason.
 */
export async function bringMedia(db: Db, source: MediaSource, ref: string): Promise<Brought> {
  const sourceKey = `${source.origin}|${ref}`;
  const [known] = await db.select().from(importedMedia).where(eq(importedMedia.sourceKey, sourceKey)).limit(1);
  if (known?.url) return { url: known.url, bytes: 0 };
  if (known?.failure && known.runId === source.runId) return { failure: known.failure, bytes: 0 };
  const file = path.join(source.scratchDir, `media-${randomUUID()}`);
  let result: Brought;
  try {
    const size = await fetchInto(ref, source, file);
    const type = await checkedImage(file, size);
    const key = keyOf(sourceKey, type.ext);
    await source.store.put(key, file, type.mime);
    result = { url: UPLOADS_PREFIX + key, bytes: size };
  } catch (error) {
    // The export's own damage is this medium's failure too; the store failing is the run's.
    if (!(error instanceof FetchRefused || error instanceof DomainError)) throw error;
    result = { failure: error.message, bytes: 0 };
  } finally {
    await rm(file, { force: true });
  }
  const row = {
    sourceKey,
    ref,
    runId: source.runId,
    url: "url" in result ? result.url : null,
    bytes: result.bytes || null,
    failure: "failure" in result ? result.failure : null,
    updatedAt: new Date(),
  };
  await db.insert(importedMedia).values(row).onConflictDoUpdate({ target: importedMedia.sourceKey, set: row });
  return result;
}
