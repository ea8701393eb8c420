import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filledSiteArchive } from "../../../tests/setup/site-archive-file.ts";
import { restoreDrill } from "./restore-drill.server";

let dir: string;
let archive: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-drill-test-"));
  archive = await filledSiteArchive(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the drill left in its scratch folder: nothing, once it has ended. */
const leftovers = async () => (await readdir(dir)).filter((name) => name.startsWith("meh-drill-"));

describe("restoreDrill", () => {
  it("restores a sound archive in a scratch site and finds every table's rows as its manifest counts them", async () => {
    const result = await restoreDrill(archive, { scratchDir: dir });
    expect(result).toMatchObject({ archive: path.basename(archive), ok: true, differences: [] });
    expect(result.tables.posts).toEqual({ expected: 4, restored: 4 });
    expect(result.tables.newsletter_deliveries).toEqual({ expected: 2, restored: 2 });
    expect(Object.keys(result.tables)).toContain("users");
    expect(Date.parse(result.at)).not.toBeNaN();
    expect(result.ms).toBeGreaterThan(0);
    expect(await leftovers()).toEqual([]);
  }, 60_000);

  it("says why an archive would not bring the site back, rather than failing", async () => {
    const whole = await readFile(archive);
    const cut = path.join(dir, "cut.zip");
    await writeFile(cut, whole.subarray(0, whole.length - 100));
    const result = await restoreDrill(cut, { scratchDir: dir });
    expect(result).toMatchObject({ archive: "cut.zip", ok: false, tables: {} });
    expect(result.differences).toEqual([expect.stringMatching(/Not a readable zip archive/)]);
    expect(await leftovers()).toEqual([]);
  }, 60_000);
});
