import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_FIXTURES } from "../../../tests/setup/import-fixtures.ts";
import { filledSiteArchive } from "../../../tests/setup/site-archive-file.ts";
import { folderFiles, writeZip } from "../../../tests/setup/zip-files.ts";
import { openExport } from "./open-export.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "open-export-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function zipOf(folder: string, prefix: string): Promise<string> {
  const file = path.join(dir, `${folder.replaceAll("/", "-")}.zip`);
  await writeZip(file, await folderFiles(path.join(IMPORT_FIXTURES, folder), prefix));
  return file;
}

const kindOf = async (file: string) => {
  const opened = await openExport(file, path.basename(file));
  await opened.reader.close();
  return [opened.reader.kind, opened.flavor, opened.origin];
};

describe("openExport", () => {
  it("tells each kind of export by what it holds, never by its name", async () => {
    expect(await kindOf(path.join(IMPORT_FIXTURES, "wordpress/export.xml"))).toEqual([
      "wordpress",
      null,
      "wordpress|https://oldblog.example",
    ]);
    expect(await kindOf(path.join(IMPORT_FIXTURES, "ghost/export.json"))).toEqual(["ghost", null, "ghost|"]);
    expect(await kindOf(await zipOf("ghost", "site/"))).toEqual(["ghost", null, "ghost|"]);
    expect(await kindOf(await zipOf("substack", "export/"))).toEqual(["substack", null, "substack|"]);
    expect(await kindOf(await zipOf("medium", ""))).toEqual(["medium", null, "medium|"]);
    expect(await kindOf(await zipOf("markdown/hugo", "blog/"))).toEqual(["markdown", "hugo", "markdown|"]);
  });

  it("refuses a file that is no export, and a zipped WordPress export, saying what to send", async () => {
    const text = path.join(dir, "notes.txt");
    await writeFile(text, "Just some notes.");
    await expect(openExport(text, "notes.txt")).rejects.toThrow(/notes\.txt is not an export the site can read/);
    const zippedXml = path.join(dir, "wordpress.zip");
    await writeZip(zippedXml, new Map([["export.xml", Buffer.from("<rss/>")]]));
    await expect(openExport(zippedXml, "wordpress.zip")).rejects.toThrow(
      /send a WordPress export as the \.xml file itself/,
    );
  });

  it("reads this site's own archive, by its manifest", async () => {
    const archive = await filledSiteArchive(dir);
    expect(await kindOf(archive)).toEqual(["archive", "archive", "archive|"]);
  });
});
