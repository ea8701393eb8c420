import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { Entry, ZipFile } from "yauzl";
import { DomainError } from "@/lib/errors";
import { openZip, walkEntries } from "@/modules/archive/verify-archive.server";
import { refuseExport } from "./source-item";

/** How much an export zip may hold before it is refused unread, as a zip bomb would be. */
export interface ExportZipLimits {
  maxEntries: number;
  /** Bytes all its files unpack to: a blog's posts and every image it ever had. */
  maxTotalBytes: number;
  /** How many times larger than it is stored a file may unpack: text deflates 5 to 20 times, a bomb thousands. */
  maxRatio: number;
}

export const EXPORT_ZIP_LIMITS: ExportZipLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 32 * 1024 ** 3,
  maxRatio: 200,
};

/** Files this small may unpack at any ratio: a file of zeros or repeated markup is no bomb at that size. */
const SMALL_FILE_BYTES = 1024 ** 2;

/** The zip reader's refusals, which speak of the `archive` field, as the importer's. */
function asExportRefusal(error: unknown): unknown {
  return error instanceof DomainError && error.code === "invalid" ? refuseExport(error.message) : error;
}

/**
 * An export that came as a zip (Substack's, Medium's, a Markdown folder, Ghost's JSON with
 * its images), opened to read its files in any order. Its central directory is checked once
 * as it opens: names that would land outside it (zip-slip) are refused by the zip reader,
 * and too many files, too many bytes, a file that unpacks too many times its size, or files
 * that overlap (a zip bomb's trick) refuse the whole export before a byte is unpacked. Each
 * file's length is checked against what it declares as it is read.
 */
export class ExportZip {
  readonly #zip: ZipFile;
  readonly #entries: ReadonlyMap<string, Entry>;

  private constructor(zip: ZipFile, entries: ReadonlyMap<string, Entry>) {
    this.#zip = zip;
    this.#entries = entries;
  }

  static async open(file: string, limits: ExportZipLimits = EXPORT_ZIP_LIMITS): Promise<ExportZip> {
    const zip = await openZip(file).catch((error: unknown) => {
      throw asExportRefusal(error);
    });
    const entries = new Map<string, Entry>();
    let declared = 0;
    let compressed = 0;
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw refuseExport(
          `The zip holds ${String(zip.entryCount)} files, more than the ${String(limits.maxEntries)} allowed.`,
        );
      }
      await walkEntries(zip, (entry) => {
        if (entry.fileName.endsWith("/")) return;
        if (entries.has(entry.fileName)) throw refuseExport(`The zip holds ${entry.fileName} twice.`);
        declared += entry.uncompressedSize;
        compressed += entry.compressedSize;
        if (declared > limits.maxTotalBytes) {
          throw refuseExport(`The zip would unpack to more than ${String(limits.maxTotalBytes)} bytes.`);
        }
        if (
          entry.uncompressedSize > SMALL_FILE_BYTES &&
          entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
        ) {
          throw refuseExport(`${entry.fileName} unpacks to far more than it holds, as a zip bomb does.`);
        }
        entries.set(entry.fileName, entry);
      });
      if (compressed > (await stat(file)).size) {
        throw refuseExport("The zip's files overlap one another, as a zip bomb's do.");
      }
    } catch (error) {
      zip.close();
      throw asExportRefusal(error);
    }
    return new ExportZip(zip, entries);
  }

  /** Every file's path, folders left out, in name order. */
  get paths(): string[] {
    return [...this.#entries.keys()].sort();
  }

  has(path: string): boolean {
    return this.#entries.has(path);
  }

  /** The bytes a file unpacks to, or null when the zip has no such file. */
  size(path: string): number | null {
    return this.#entries.get(path)?.uncompressedSize ?? null;
  }

  /** A file's bytes as a stream; it fails, naming the file, if they are not the length the zip declares. */
  async stream(path: string): Promise<Readable> {
    const entry = this.#entries.get(path);
    if (!entry) throw refuseExport(`The zip has no ${path}.`);
    try {
      return await this.#zip.openReadStreamPromise(entry);
    } catch (error) {
      throw refuseExport(`${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A file's text, whole, refused when it would unpack to more than `maxBytes`. */
  async text(path: string, maxBytes: number): Promise<string> {
    const size = this.size(path);
    if (size !== null && size > maxBytes) {
      throw refuseExport(`${path} is ${String(size)} bytes, more than the ${String(maxBytes)} it may be.`);
    }
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.stream(path)) chunks.push(chunk as Buffer);
    } catch (error) {
      throw error instanceof DomainError
        ? error
        : refuseExport(`${path} cannot be read as it declares: the zip is damaged or forged.`);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  close(): void {
    this.#zip.close();
  }
}
