import { afterEach, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { DomainError } from "@/lib/errors";
import { JOB_PAYLOADS, sendJob } from "./job-registry.ts";
import { JOBS } from "./jobs.ts";
import { runtime } from "./runtime.ts";

const sent: { name: string; data?: object; options?: { startAfter?: Date } }[] = [];
const queue = {
  send: (name: string, data?: object, options?: { startAfter?: Date }) => {
    sent.push({ name, data, options });
    return Promise.resolve(String(sent.length));
  },
};
afterEach(() => {
  sent.length = 0;
  runtime().jobs = undefined;
});

it("sends a job by its registered name, with its payload as the schema reads it", async () => {
  runtime().jobs = queue;
  const at = new Date(Date.now() + 60_000);
  await sendJob("newsletter-confirmation", { email: "reader@example.com" });
  await sendJob("publish-due", {}, { startAfter: at });
  expect(sent).toEqual([
    { name: "newsletter-confirmation", data: { email: "reader@example.com" }, options: {} },
    { name: "publish-due", data: {}, options: { startAfter: at } },
  ]);
});

it("refuses a name no job has and a payload its schema refuses, in the type check and when run", async () => {
  runtime().jobs = queue;
  // @ts-expect-error: no job is named so.
  await expect(sendJob("publish-everything", {})).rejects.toThrow('There is no job named "publish-everything"');
  // @ts-expect-error: the confirmation's address is a string.
  await expect(sendJob("newsletter-confirmation", { email: 42 })).rejects.toThrow("bad payload");
  // @ts-expect-error: the send job takes nothing.
  await expect(sendJob("newsletter-send", { issueId: 7 })).rejects.toThrow("bad payload");
  // A string passes the type check; the schema still refuses one that is no address.
  await expect(sendJob("newsletter-confirmation", { email: "not an address" })).rejects.toThrow("bad payload");
  expect(sent).toEqual([]);
});

it("throws `unavailable` while no queue runs, so a route answers 503 and the job is never dropped unsaid", async () => {
  const refused = sendJob("newsletter-send", {});
  await expect(refused).rejects.toBeInstanceOf(DomainError);
  await expect(refused).rejects.toMatchObject({ code: "unavailable", retryAfterSeconds: 5 });
});

it("declares a job for every registered name, and each run reads its data with the registry's schema", async () => {
  expect(JOBS.map((job) => job.name).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
  const confirmation = JOBS.find((job) => job.name === "newsletter-confirmation");
  // Refused before the database is touched.
  const database = {} as DbHandle;
  await expect(confirmation?.run({ database }, { email: "reader@example.com", extra: true })).rejects.toThrow(
    /Unrecognized key/,
  );
});
