import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createDb, type DbHandle } from "../../db/client.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { startJobs } from "./job-queue.ts";
import type { Job } from "./jobs.ts";

// Two instances of the site on one PostgreSQL database, each with the same declared jobs.
let first: DbHandle;
let second: DbHandle;
beforeAll(async () => {
  first = await createTestDb();
  if (!first.connectionString) throw new Error("This test needs PostgreSQL.");
  second = createDb(first.connectionString);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

it("runs each job once, whichever instance sent it and however many are working", async () => {
  const runs = new Map<number, string[]>();
  const declared = (instance: string): Job => ({
    name: "test-once",
    concurrency: 2,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    timeoutSeconds: 30,
    run: async (_, data) => {
      const { n } = data as { n: number };
      runs.set(n, [...(runs.get(n) ?? []), instance]);
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  const [a, b] = await Promise.all([startJobs(first, [declared("a")]), startJobs(second, [declared("b")])]);
  for (let n = 0; n < 30; n++) await (n % 2 ? a : b).send("test-once", { n });
  await vi.waitFor(() => {
    expect(runs.size).toBe(30);
  }, 20_000);
  await Promise.all([a.stop(), b.stop()]);
  expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
});
