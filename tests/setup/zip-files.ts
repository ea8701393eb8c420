import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { ZipFile } from "yazl";

/** Every file of the zip at `file`, by its name (small zips: the tests' own). */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const files = new Map<string, Buffer>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        zip
          .openReadStreamPromise(entry)
          .then(async (stream: Readable) => {
            const chunks: Buffer[] = [];
            for await (const chunk of stream) chunks.push(chunk as Buffer);
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

/** Write a zip of `files` (name → bytes) to `file`, stored or deflated. */
export async function writeZip(file: string, files: Map<string, Buffer>, compress = true): Promise<void> {
  const zip = new ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name, { compress });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** The JSON Lines of a file, each line parsed. */
export const jsonLines = (bytes: Buffer | undefined): Record<string, unknown>[] =>
  (bytes?.toString("utf8") ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
