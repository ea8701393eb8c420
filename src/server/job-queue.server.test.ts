import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { startJobs } from "./job-queue.ts";
import type { Job } from "./jobs.ts";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const job = (
  name: string,
  run: Job["run"],
  retry: Job["retry"] = { limit: 0, delaySeconds: 1, backoff: false },
): Job => ({
  name,
  concurrency: 1,
  retry,
  timeoutSeconds: 30,
  run,
});

const databaseNow = async () => {
  const [row] = await handle.db.select({ now: sql<string>`now()::text` }).from(sql`(select 1) as one`);
  return new Date(row?.now ?? 0);
};

it("runs a job that came due while the site was down once it starts again", async () => {
  const ran: unknown[] = [];
  const later = job("test-due-while-down", (_, data) => {
    ran.push(data);
    return Promise.resolve();
  });
  const first = await startJobs(handle, [later]);
  const due = new Date((await databaseNow()).getTime() + 1000);
  await first.send(later.name, { post: 7 }, { startAfter: due });
  await first.stop();
  // Down until after it was due.
  await vi.waitFor(async () => {
    expect((await databaseNow()).getTime()).toBeGreaterThan(due.getTime());
  }, 5000);
  expect(ran).toEqual([]);

  const second = await startJobs(handle, [later]);
  await vi.waitFor(() => {
    expect(ran).toEqual([{ post: 7 }]);
  }, 15_000);
  await second.stop();
});

it("tries a failed run again, as the job's policy says", async () => {
  let attempts = 0;
  const flaky = job(
    "test-retried",
    () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error("the outside service was away")) : Promise.resolve();
    },
    { limit: 2, delaySeconds: 1, backoff: false },
  );
  const queue = await startJobs(handle, [flaky]);
  await queue.send(flaky.name);
  await vi.waitFor(() => {
    expect(attempts).toBe(2);
  }, 15_000);
  await queue.stop();
});

it("sets every declared schedule, once however often the site starts", async () => {
  const scheduled = { ...job("test-scheduled", () => Promise.resolve()), schedule: "0 4 * * *" };
  await (await startJobs(handle, [scheduled])).stop();
  await (await startJobs(handle, [scheduled])).stop();
  const rows = await handle.db
    .select({ cron: sql<string>`cron` })
    .from(sql`pgboss.schedule`)
    .where(sql`name = ${scheduled.name}`);
  expect(rows).toEqual([{ cron: "0 4 * * *" }]);
});
