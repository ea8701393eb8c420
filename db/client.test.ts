import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createDb, DatabaseInUseError } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { newsletterSubscribers } from "./schema/index.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-db-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("creates missing parent directories and keeps data across a reopen", async () => {
  const url = `file:${path.join(dir, "nested", "db")}`;
  const first = createDb(url);
  await runMigrations(first);
  await first.db.insert(newsletterSubscribers).values({ email: "still@here.example" });
  await first.close();

  const second = createDb(url);
  await runMigrations(second);
  expect(await second.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).toEqual([
    { email: "still@here.example" },
  ]);
  await second.close();
});

it("refuses a second handle on a data directory that is in use, and frees it on close", async () => {
  const url = `file:${path.join(dir, "db")}`;
  const first = createDb(url);
  expect(() => createDb(url)).toThrow(DatabaseInUseError);
  expect(() => createDb(url)).toThrow(/in use by another running server/);
  await first.close();
  const again = createDb(url);
  await again.db.execute(sql`select 1`);
  await again.close();
});
