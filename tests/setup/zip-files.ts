import { createWriteStream } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
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

/**
 * Every file under the folder `dir` by its path inside it (`posts/a.html`), under `prefix`
 * when given: a fixture export kept as a folder, to be zipped as its source zips it.
 */
export async function folderFiles(dir: string, prefix = ""): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  return new Map(
    await Promise.all(files.map(async (name) => [`${prefix}${name}`, await readFile(path.join(dir, name))] as const)),
  );
}
