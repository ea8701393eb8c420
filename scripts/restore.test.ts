import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db/client.ts";
import { posts } from "../db/schema/index.ts";
import { verifyArchive } from "../src/modules/archive/verify-archive.server.ts";
import { insertPost } from "../tests/factories.ts";
import { SITE_UPLOADS } from "../tests/setup/archive-site.ts";
import { filledSiteArchive } from "../tests/setup/site-archive-file.ts";

// `npm run restore` as the owner runs it, into the embedded database of a data directory.

const run = promisify(execFile);
let dir: string;
let archive: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-restore-script-"));
  archive = await filledSiteArchive(dir);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Run the script with `args` on the data directory `dataDir`; its exit code and what it printed. */
async function restore(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "" };
  return run(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

/** The posts in a data directory's embedded database. */
async function postsIn(dataDir: string): Promise<number> {
  const handle = createDb(`file:${path.join(dataDir, "db")}`);
  try {
    const [row] = await handle.db.select({ n: count() }).from(posts);
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

describe("npm run restore", () => {
  const dataDir = () => path.join(dir, "site");

  it("restores into an empty data directory: rows, uploads and the search index, with a summary", async () => {
    const { code, stdout } = await restore(dataDir(), archive);
    expect(code).toBe(0);
    expect(stdout).toMatch(/posts\s+4 rows/);
    expect(stdout).toMatch(/uploads\s+11 files/);
    expect(stdout).toMatch(/search index\s+\d+ pages/);
    expect(await postsIn(dataDir())).toBe(4);
    const cover = await readFile(path.join(dataDir(), "uploads", "images/cover.webp"));
    expect(cover.equals(Buffer.from(SITE_UPLOADS["images/cover.webp"] ?? []))).toBe(true);
    expect(existsSync(path.join(dataDir(), "pagefind"))).toBe(true);
  }, 60_000);

  it("refuses a data directory that holds a site; --replace backs that site up first, then restores", async () => {
    const again = await restore(dataDir(), archive);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/site-[\w-]+\.zip: The target already holds a site \(posts, /);
    // The site grows a post the archive does not have: the backup must hold it.
    const handle = createDb(`file:${path.join(dataDir(), "db")}`);
    try {
      await insertPost(handle.db, { title: "Written after the archive" });
    } finally {
      await handle.close();
    }
    const replace = await restore(dataDir(), archive, "--replace");
    expect(replace.code).toBe(0);
    expect(replace.stdout).toMatch(/Backed up to .*backups.*backup-[\w-]+\.zip/);
    expect(await postsIn(dataDir())).toBe(4);
    const [backup] = await readdir(path.join(dataDir(), "backups"));
    const manifest = await verifyArchive(path.join(dataDir(), "backups", backup ?? ""));
    expect(manifest.tables.posts).toBe(5);
  }, 90_000);

  it("refuses while the site runs on the data directory", async () => {
    const running = createDb(`file:${path.join(dataDir(), "db")}`);
    try {
      const { code, stderr } = await restore(dataDir(), archive);
      expect(code).toBe(1);
      expect(stderr).toMatch(/in use by another running server.*\n.*Stop the site first/);
    } finally {
      await running.close();
    }
  }, 60_000);

  it("refuses a damaged archive with the reason and changes nothing", async () => {
    const whole = await readFile(archive);
    const cut = path.join(dir, "cut.zip");
    await writeFile(cut, whole.subarray(0, whole.length - 100));
    const fresh = path.join(dir, "fresh");
    const { code, stderr } = await restore(fresh, cut);
    expect(code).toBe(1);
    expect(stderr).toMatch(/cut\.zip: Not a readable zip archive[\s\S]*Nothing was changed/);
    // Refused before the schema was made: the new database holds no table at all.
    const handle = createDb(`file:${path.join(fresh, "db")}`);
    try {
      const [tables] = await handle.db
        .select({ n: count() })
        .from(sql`information_schema.tables`)
        .where(sql`table_schema = 'public'`);
      expect(tables?.n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
