import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import journal from "../../../db/migrations/meta/_journal.json";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { filledSiteArchive } from "../../../tests/setup/site-archive-file.ts";
import { readZip, writeZip } from "../../../tests/setup/zip-files.ts";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { MANIFEST_PATH, type Manifest } from "./archive-format";
import { siteContentIn, restoreArchive } from "./restore-archive.server";
import { DEFAULT_LIMITS } from "./verify-archive.server";

// A bad archive is refused with the reason and the file at fault, and the target keeps
// nothing of it: no row, no upload.

let dir: string;
let good: string;
let target: DbHandle;
let uploads: string;
let store: LocalStore;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-restore-refusals-"));
  good = await filledSiteArchive(dir);
  target = await createTestDb();
  uploads = path.join(dir, "target-uploads");
  store = new LocalStore(uploads, target.db);
});
afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

/** The good archive changed by `change`, its manifest listing the files as they now are. */
async function variant(change: (files: Map<string, Buffer>, manifest: Manifest) => void): Promise<string> {
  const files = await readZip(good);
  const manifest = JSON.parse(files.get(MANIFEST_PATH)?.toString("utf8") ?? "{}") as Manifest;
  files.delete(MANIFEST_PATH);
  change(files, manifest);
  manifest.files = [...files].map(([name, bytes]) => ({ path: name, bytes: bytes.length, sha256: sha256(bytes) }));
  files.set(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest)));
  const file = path.join(dir, `${crypto.randomUUID()}.zip`);
  await writeZip(file, files);
  return file;
}

/** Restore `file` into the target; the refusal's code and words. */
async function refusal(file: string, limits = DEFAULT_LIMITS) {
  const outcome = await restoreArchive(file, { handle: target, store }, { limits, scratchDir: dir }).then(
    () => ({ code: "accepted", message: "" }),
    (error: unknown) => error as { code: string; message: string },
  );
  // Nothing of it is kept: the target is as empty as before, and so is its store.
  expect(await siteContentIn(target.db)).toEqual([]);
  expect(await readdir(uploads).catch(() => [])).toEqual([]);
  return outcome;
}

describe("a bad archive is refused, naming why, and changes nothing", () => {
  it("a truncated file", async () => {
    const whole = await readFile(good);
    const cut = path.join(dir, "cut.zip");
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    const { code, message } = await refusal(cut);
    expect(code).toBe("invalid");
    expect(message).toMatch(/Not a readable zip/);
  });

  it("a format newer than this site reads", async () => {
    const newer = await variant((_, manifest) => {
      manifest.formatVersion += 1;
    });
    expect((await refusal(newer)).message).toMatch(/format 2, newer than this version of the site reads/);
  });

  it("a schema made under more migrations than this site knows", async () => {
    const newer = await variant((_, manifest) => {
      manifest.database.migrations = journal.entries.length + 1;
      manifest.database.lastMigration = "9999_from_the_future";
    });
    expect((await refusal(newer)).message).toMatch(
      new RegExp(`made under ${String(journal.entries.length + 1)} migrations .*update the site first`),
    );
  });

  it("a file named outside the archive (zip slip)", async () => {
    const slip = await variant((files) => {
      files.set("aa/evil.webp", Buffer.from("x"));
    });
    const bytes = Buffer.from(
      (await readFile(slip)).toString("latin1").replaceAll("aa/evil.webp", "../evil.webp"),
      "latin1",
    );
    const renamed = path.join(dir, "slip.zip");
    await writeFile(renamed, bytes);
    expect((await refusal(renamed)).message).toMatch(/names a file outside itself: \.\.\/evil\.webp/);
  });

  it("a zip bomb: more bytes unpacked than allowed", async () => {
    expect((await refusal(good, { ...DEFAULT_LIMITS, maxTotalBytes: 100_000 })).message).toMatch(
      /would unpack to more than 100000 bytes/,
    );
  });

  it("two posts with one slug", async () => {
    const twins = await variant((files) => {
      const plain = files.get("posts/plain-words.md")?.toString("utf8") ?? "";
      files.set("posts/plain-words.md", Buffer.from(plain.replace("slug: plain-words", "slug: on-kettles")));
    });
    expect((await refusal(twins)).message).toMatch(
      /posts\/plain-words\.md and posts\/on-kettles\.md are two posts with the slug "on-kettles"/,
    );
  });

  it("rows its manifest does not count", async () => {
    const short = await variant((_, manifest) => {
      manifest.tables.revisions = (manifest.tables.revisions ?? 0) + 1;
    });
    expect((await refusal(short)).message).toMatch(/holds \d+ rows of revisions where its manifest counts \d+/);
  });

  it("and a sound one is then restored", async () => {
    const summary = await restoreArchive(good, { handle: target, store }, { scratchDir: dir });
    expect(summary.tables.posts).toBe(4);
    expect(await readdir(uploads)).not.toEqual([]);
  });
});
