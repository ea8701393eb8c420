import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, DatabaseInUseError } from "./client.ts";
import { keptPagesFile } from "./kept-pages.ts";
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

it("keeps refusing while its holder lives, however long since the holder last touched the lock", async () => {
  const url = `file:${path.join(dir, "db")}`;
  const first = createDb(url);
  // As if this process had been too busy to touch its lock for a minute (creating the
  // database files on a loaded host blocks its thread).
  const longAgo = new Date(Date.now() - 60_000);
  await utimes(`${path.join(dir, "db")}.lock`, longAgo, longAgo);
  expect(() => createDb(url)).toThrow(DatabaseInUseError);
  await first.close();
});

it("forgets the pages a clean stop kept when anything opens the database, which may change it", async () => {
  const url = `file:${path.join(dir, "db")}`;
  const kept = keptPagesFile({ databaseUrl: url, dataDir: dir });
  expect(kept).toBe(path.join(dir, "db.pages"));
  await writeFile(kept, "pages of an earlier run");
  const handle = createDb(url);
  expect(existsSync(kept)).toBe(false);
  await handle.close();
});

describe("a data directory held by another process", () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await once(child, "exit");
      }
    }
  });

  /**
   * Another process holding the directory: opening it as a server does, or (cheaper, for
   * what only concerns the lock) taking just its lock. It says "holding" or "refused".
   */
  async function holdInChild(
    url: string,
    how: "open" | "lock" = "open",
  ): Promise<{ child: ChildProcess; said: string }> {
    const dir = url.replace(/^file:/, "");
    const script =
      how === "open"
        ? `
      import { sql } from "drizzle-orm";
      import { createDb, DatabaseInUseError } from ${JSON.stringify(new URL("./client.ts", import.meta.url).href)};
      try {
        await createDb(${JSON.stringify(url)}).db.execute(sql\`select 1\`);
        console.log("holding");
        setInterval(() => undefined, 60_000);
      } catch (error) {
        console.log(error instanceof DatabaseInUseError ? "refused" : String(error));
        process.exit(1);
      }`
        : `
      import { lockDirectory } from ${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).href)};
      if (lockDirectory(${JSON.stringify(dir)})) {
        console.log("holding");
        setInterval(() => undefined, 60_000);
      } else {
        console.log("refused");
        process.exit(1);
      }`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const [line] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
    return { child, said: line.toString().trim() };
  }

  async function kill9(child: ChildProcess): Promise<void> {
    child.kill("SIGKILL");
    await once(child, "exit");
  }

  it("is refused while that process lives", { timeout: 60_000 }, async () => {
    const url = `file:${path.join(dir, "db")}`;
    expect((await holdInChild(url, "lock")).said).toBe("holding");
    expect(() => createDb(url)).toThrow(DatabaseInUseError);
  });

  it("is taken over at once when that process was killed", { timeout: 60_000 }, async () => {
    const url = `file:${path.join(dir, "db")}`;
    const { child, said } = await holdInChild(url);
    expect(said).toBe("holding");
    await kill9(child);

    const handle = createDb(url);
    await handle.db.execute(sql`select 1`);
    await handle.close();
  });

  it("goes to exactly one of two processes starting at once after a kill", { timeout: 90_000 }, async () => {
    const url = `file:${path.join(dir, "db")}`;
    const { child } = await holdInChild(url, "lock");
    await kill9(child);

    const starts = await Promise.all([holdInChild(url, "lock"), holdInChild(url, "lock")]);
    expect(starts.map((start) => start.said).sort()).toEqual(["holding", "refused"]);
  });
});
