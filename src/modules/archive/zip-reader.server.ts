import { createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Entry, ZipFile } from "yauzl";
import { openZip, refuse, walkEntries } from "./verify-archive.server";

/**
 * A verified archive opened for reading its files in any order: its central directory is
 * listed once, and each file is unpacked when asked for. Only for an archive `verifyArchive`
 * has passed, whose names, sizes and sums are known good.
 */
export class ZipReader {
  private readonly zip: ZipFile;
  /** Every file by its path, folders left out. */
  readonly entries: ReadonlyMap<string, Entry>;

  private constructor(zip: ZipFile, entries: ReadonlyMap<string, Entry>) {
    this.zip = zip;
    this.entries = entries;
  }

  static async open(file: string): Promise<ZipReader> {
    const zip = await openZip(file);
    const entries = new Map<string, Entry>();
    try {
      await walkEntries(zip, (entry) => {
        if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
      });
    } catch (error) {
      zip.close();
      throw error;
    }
    return new ZipReader(zip, entries);
  }

  /** The paths under `folder` (`posts/`), in name order. */
  pathsUnder(folder: string): string[] {
    return [...this.entries.keys()].filter((name) => name.startsWith(folder)).sort();
  }

  async #stream(path: string): Promise<Readable> {
    const entry = this.entries.get(path);
    if (!entry) throw refuse(`The archive has no ${path}.`);
    try {
      return await this.zip.openReadStreamPromise(entry);
    } catch (error) {
      throw refuse(`${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A file's text, whole: for one row's file (a post, a theme, a layout with its versions). */
  async text(path: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.#stream(path)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  /** Each line of a JSON Lines file, one in memory at a time; nothing when the archive lacks it. */
  async *lines(path: string): AsyncGenerator<string> {
    if (!this.entries.has(path)) return;
    const lines = createInterface({ input: await this.#stream(path), crlfDelay: Infinity });
    for await (const line of lines) if (line) yield line;
  }

  /** Unpack a file to `dest` on this machine, streamed. */
  async saveAs(path: string, dest: string): Promise<void> {
    await pipeline(await this.#stream(path), createWriteStream(dest));
  }

  close(): void {
    this.zip.close();
  }
}
