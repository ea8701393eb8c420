import { expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { JOB_PAYLOADS } from "../lib/job-registry.ts";
import { parseSettings } from "../lib/settings.server.ts";
import { JOBS } from "./jobs.ts";

it("declares a job for every registered name, and each run reads its data with the registry's schema", async () => {
  expect(JOBS.map((job) => job.name).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
  const confirmation = JOBS.find((job) => job.name === "newsletter-confirmation");
  // Refused before the database is touched.
  const database = {} as DbHandle;
  await expect(
    confirmation?.run({ database, signal: new AbortController().signal }, { email: "reader@example.com", extra: true }),
  ).rejects.toThrow(/Unrecognized key/);
});

it("backs the site up on BACKUP_SCHEDULE, and refuses a run it is given that is not a run's id", async () => {
  const backup = JOBS.find((job) => job.name === "backup");
  expect(backup?.schedule).toBe(parseSettings(process.env).backup.schedule);
  expect(backup?.retry.limit).toBe(0);
  await expect(
    backup?.run({ database: {} as DbHandle, signal: new AbortController().signal }, { runId: "latest" }),
  ).rejects.toThrow(/runId/);
});
