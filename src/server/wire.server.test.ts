import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { posts } from "../../db/schema/index.ts";
import { insertPost } from "../../tests/factories.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { sendJob } from "../lib/job-registry.ts";
import { wire } from "./wire.ts";

let handle: DbHandle;
let dataDir: string;
beforeAll(async () => {
  // The jobs run for real, and a scheduled one may come due meanwhile: nothing of theirs lands in ./data.
  dataDir = await mkdtemp(path.join(os.tmpdir(), "meh-wire-"));
  process.env.DATA_DIR = dataDir;
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("takes the jobs sent while the queue starts, sweeps what fell due, and refuses jobs once stopped", async () => {
  const late = await insertPost(handle.db, { status: "scheduled", publishedAt: new Date(Date.now() - 1000) });
  const wiring = await wire(handle);
  wiring.startJobs();
  // Sent at once, before the queue has started: taken, not refused.
  await sendJob("publish-due", {});
  const status = async () =>
    (await handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, late.id)))[0]?.status;
  await expect.poll(status, { timeout: 15_000 }).toBe("published");

  await wiring.stop();
  await expect(sendJob("publish-due", {})).rejects.toMatchObject({ code: "unavailable" });
});
