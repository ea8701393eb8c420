import { mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_FIXTURES } from "../../../tests/setup/import-fixtures.ts";
import { readZip } from "../../../tests/setup/zip-files.ts";
import { zipFolder } from "./folder-export.server";
import { openExport } from "./open-export.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "folder-export-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("zipFolder", () => {
  it("makes a folder of Markdown files the export an upload would be", async () => {
    const file = path.join(dir, "hugo.zip");
    await zipFolder(path.join(IMPORT_FIXTURES, "markdown/hugo"), file);
    expect([...(await readZip(file)).keys()]).toContain("content/posts/first-light/index.md");
    const opened = await openExport(file, "hugo");
    expect([opened.reader.kind, opened.flavor]).toEqual(["markdown", "hugo"]);
    await opened.reader.close();
  });

  it("takes files only, never what a link inside the folder points at", async () => {
    const folder = await mkdtemp(path.join(dir, "linked-"));
    await symlink("/etc/hostname", path.join(folder, "outside.md"));
    const file = path.join(dir, "linked.zip");
    await zipFolder(folder, file);
    expect([...(await readZip(file)).keys()]).toEqual([]);
  });
});
