import { afterEach, expect, it } from "vitest";
import { DomainError } from "./errors.ts";
import { sendJob, useJobSender } from "./job-registry.ts";

const sent: { name: string; data?: object; options?: { startAfter?: Date } }[] = [];
const queue = {
  send: (name: string, data?: object, options?: { startAfter?: Date }) => {
    sent.push({ name, data, options });
    return Promise.resolve(String(sent.length));
  },
};
afterEach(() => {
  sent.length = 0;
  useJobSender(undefined);
});

it("sends a job by its registered name, with its payload as the schema reads it", async () => {
  useJobSender(queue);
  const at = new Date(Date.now() + 60_000);
  await sendJob("newsletter-confirmation", { email: "reader@example.com" });
  await sendJob("publish-due", {}, { startAfter: at });
  expect(sent).toEqual([
    { name: "newsletter-confirmation", data: { email: "reader@example.com" }, options: {} },
    { name: "publish-due", data: {}, options: { startAfter: at } },
  ]);
});

it("refuses a name no job has and a payload its schema refuses, in the type check and when run", async () => {
  useJobSender(queue);
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
