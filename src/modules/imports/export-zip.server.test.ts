import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeZip } from "../../../tests/setup/zip-files.ts";
import { EXPORT_ZIP_LIMITS, ExportZip } from "./export-zip.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "export-zip-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function zipOf(name: string, files: Record<string, Buffer | string>, compress = true): Promise<string> {
  const file = path.join(dir, name);
  await writeZip(file, new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])), compress);
  return file;
}

const refusal = (file: string, limits = EXPORT_ZIP_LIMITS) =>
  ExportZip.open(file, limits).then(
    () => {
      throw new Error("opened");
    },
    (error: unknown) => error as { message: string; field?: string },
  );

describe("ExportZip", () => {
  it("lists an export's files and reads them by path", async () => {
    const zip = await ExportZip.open(
      await zipOf("ok.zip", { "export/posts.csv": "post_id,title\n", "export/posts/1.a.html": "<p>Hi</p>" }),
    );
    try {
      expect(zip.paths).toEqual(["export/posts.csv", "export/posts/1.a.html"]);
      expect(zip.size("export/posts/1.a.html")).toBe(9);
      expect(await zip.text("export/posts/1.a.html", 100)).toBe("<p>Hi</p>");
      await expect(zip.text("export/posts.csv", 4)).rejects.toThrow(/more than the 4 it may be/);
      await expect(zip.stream("nothing.html")).rejects.toThrow(/has no nothing\.html/);
    } finally {
      zip.close();
    }
  });

  it("refuses a file that is no zip, on the export field", async () => {
    const file = path.join(dir, "not.zip");
    await writeFile(file, "<rss>not a zip</rss>");
    const error = await refusal(file);
    expect(error.message).toMatch(/Not a readable zip archive/);
    expect(error.field).toBe("export");
  });

  it("refuses a name that would land outside the zip (zip slip)", async () => {
    const good = await zipOf("slip-source.zip", { "aa/evil.html": "x" });
    const slip = path.join(dir, "slip.zip");
    await writeFile(
      slip,
      Buffer.from((await readFile(good)).toString("latin1").replaceAll("aa/evil", "../evil"), "latin1"),
    );
    expect((await refusal(slip)).message).toMatch(/names a file outside itself: \.\.\/evil\.html/);
  });

  it("refuses a file that unpacks to far more than it holds (a zip bomb)", async () => {
    const bomb = await zipOf("bomb.zip", { "posts/zeros.html": Buffer.alloc(8 * 1024 ** 2) });
    expect((await refusal(bomb)).message).toMatch(/posts\/zeros\.html unpacks to far more than it holds/);
  });

  it("refuses an export that would unpack past the limit, or holds too many files", async () => {
    const file = await zipOf("big.zip", { "a.jpg": Buffer.alloc(2000, 1), "b.jpg": Buffer.alloc(2000, 2) }, false);
    expect((await refusal(file, { ...EXPORT_ZIP_LIMITS, maxTotalBytes: 3000 })).message).toMatch(
      /would unpack to more than 3000 bytes/,
    );
    expect((await refusal(file, { ...EXPORT_ZIP_LIMITS, maxEntries: 1 })).message).toMatch(
      /holds 2 files, more than the 1 allowed/,
    );
  });

  it("refuses a zip cut short", async () => {
    const whole = await readFile(await zipOf("whole.zip", { "a.md": "# A\n".repeat(1000) }));
    const cut = path.join(dir, "cut.zip");
    await writeFile(cut, whole.subarray(0, whole.length - 30));
    expect((await refusal(cut)).message).toMatch(/Not a readable zip archive/);
  });
});
