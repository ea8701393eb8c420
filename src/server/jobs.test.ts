import { expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { JOB_PAYLOADS } from "../lib/job-registry.ts";
import { JOBS } from "./jobs.ts";

it("declares a job for every registered name, and each run reads its data with the registry's schema", async () => {
  expect(JOBS.map((job) => job.name).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
  const confirmation = JOBS.find((job) => job.name === "newsletter-confirmation");
  // Refused before the database is touched.
  const database = {} as DbHandle;
  await expect(confirmation?.run({ database }, { email: "reader@example.com", extra: true })).rejects.toThrow(
    /Unrecognized key/,
  );
});
