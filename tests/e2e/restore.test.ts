import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { pagefindSearch } from "../setup/pagefind-search";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance } from "./instance";
import { E2E_ADMIN } from "./support";

// The owner's move: a site's archive, downloaded, restored with `npm run restore` into a new
// data directory (or, with TEST_DATABASE_URL, a new PostgreSQL database: the move off the
// embedded database), serves the same pages at its first start, and its owner signs in with
// the same password. Its servers are its own, so it runs in the embedded project alone.

const PAGES = [
  "/",
  "/archive",
  "/about",
  "/videos",
  "/videos/ceiling-tiles-ranked",
  "/post/chair-number-four-left-of-the-ficus",
  "/post/in-praise-of-the-hotel-lobby-painting",
];

/** Each page as a visitor without a session gets it, with the instance's own address taken out. */
async function pagesOf(instance: Instance, playwright: Parameters<typeof startInstance>[0]) {
  const visitor = await playwright.request.newContext({ baseURL: instance.origin });
  try {
    const pages: Record<string, string> = {};
    for (const page of PAGES) {
      const response = await visitor.get(page);
      expect(response.status(), page).toBe(200);
      pages[page] = (await response.text()).replaceAll(instance.origin, "ORIGIN");
    }
    return pages;
  } finally {
    await visitor.dispose();
  }
}

/** A new, empty PostgreSQL database on the test server, and how to drop it. */
async function newDatabase(server: string) {
  const name = `meh_restore_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: databaseUrl(server, name),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

test("a downloaded archive restored into a new site serves the same pages and signs the owner in", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const owner = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password };
  const first = await startInstance(playwright, "", owner);
  const from = await newPlace();
  const archive = path.join(from.dataDir, "site.zip");
  let before: Record<string, string>;
  try {
    expect((await first.request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    const download = await first.request.post("/api/data/archive", { data: { personalData: true } });
    expect(download.status()).toBe(200);
    writeFileSync(archive, await download.body());
    before = await pagesOf(first, playwright);
  } finally {
    await first.stop();
  }

  const server = process.env.TEST_DATABASE_URL;
  const database = server ? await newDatabase(server) : undefined;
  const place = await newPlace();
  try {
    const restore = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: database?.url ?? "" },
      encoding: "utf8",
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/posts\s+\d+ rows/);

    // No admin settings: the account is the archive's, with its password.
    const second = await startInstance(playwright, database?.url ?? "", {}, place);
    try {
      expect(await pagesOf(second, playwright)).toEqual(before);
      expect(await pagefindSearch(second.origin, "ficus")).toContain("/post/chair-number-four-left-of-the-ficus");
      expect((await second.request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(place.dataDir, { recursive: true, force: true });
    rmSync(from.dataDir, { recursive: true, force: true });
    await database?.drop();
  }
});
