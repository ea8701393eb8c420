import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { folderFiles, writeZip } from "./zip-files.ts";

/** Where the importer's fixture exports are kept, each shaped like its platform's. */
export const IMPORT_FIXTURES = path.join(import.meta.dirname, "../../src/modules/imports/fixtures");

const TEXT = /\.(html|md|csv|json|xml)$/;

/**
 * A fixture export as its platform hands it over (a folder zipped under `prefix`), with the
 * addresses `cdn` matches in its text pointed at `origin`: the fake old site on loopback
 * that stands in for the platform's CDN.
 */
export async function fixtureZip(
  folder: string,
  prefix: string,
  cdn: RegExp,
  origin: string,
  file: string,
): Promise<string> {
  const files = await folderFiles(path.join(IMPORT_FIXTURES, folder), prefix);
  for (const [name, bytes] of files) {
    if (TEXT.test(name)) files.set(name, Buffer.from(bytes.toString("utf8").replace(cdn, origin)));
  }
  await writeZip(file, files);
  return file;
}

/** A fixture export that is one file (a WXR, a Ghost JSON), with the addresses `cdn` matches pointed at `origin`. */
export async function fixtureFile(name: string, cdn: RegExp, origin: string, file: string): Promise<string> {
  const text = await readFile(path.join(IMPORT_FIXTURES, name), "utf8");
  await writeFile(file, text.replace(cdn, origin));
  return file;
}
