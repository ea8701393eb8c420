import { createWriteStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";

/**
 * A folder of Markdown files (a Jekyll, Hugo or Astro site's sources, Bear's export) as the
 * zip an upload would be, at `file`: what `npm run import` does with a folder, so every
 * export is read one way. Only files are taken, by their paths inside the folder; links are
 * not followed, so nothing outside it comes along.
 */
export async function zipFolder(dir: string, file: string): Promise<void> {
  const zip = new ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(file));
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    zip.addFile(full, path.relative(dir, full).split(path.sep).join("/"));
  }
  zip.end();
  await done;
}
