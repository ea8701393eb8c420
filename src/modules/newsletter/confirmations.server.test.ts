import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { parseSettings } from "@/lib/settings.server";
import { CLAIM_LAPSE_MS, heldConfirmations, sendDueConfirmations } from "./confirmations.server";
import { openMailer, type Mailer } from "./mailer.server";
import { subscribe } from "./newsletter.server";

let handle: DbHandle;
let sink: SmtpSink;
let mailer: Mailer;
const BUDGET = 50;
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await createTestDb();
  sink = await startSmtpSink();
  mailer = await openMailer(parseSettings({ SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: "1000" }).mail);
});
afterAll(async () => {
  mailer.close();
  await sink.close();
  await handle.close();
});
beforeEach(async () => {
  sink.caught.length = 0;
  sink.refuse = () => undefined;
  await handle.db.delete(newsletterSubscribers);
});

/** The confirmations' sender with the clock stopped at `at`, minutes after `start`. */
const sendAt = (start: Date, minutes: number, over: Partial<Parameters<typeof sendDueConfirmations>[0]> = {}) => {
  const at = new Date(start.getTime() + minutes * MINUTE);
  return sendDueConfirmations({
    db: handle.db,
    mailer,
    siteUrl: "https://meh.example",
    siteName: "Mostly Meh",
    perHour: BUDGET,
    now: () => at,
    ...over,
  });
};
const heldAt = (start: Date, minutes: number) =>
  heldConfirmations(handle.db, BUDGET, new Date(start.getTime() + minutes * MINUTE));
const rowOf = async (email: string) =>
  (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

describe("the hourly budget of confirmations", () => {
  it("sends at most the budget in any hour, holds the rest, and sends them, oldest first, as the hours pass", async () => {
    const start = new Date();
    const people = Array.from({ length: 120 }, (_, i) => `person${String(i)}@example.org`);
    for (const [i, email] of people.entries()) await subscribe(handle.db, email, new Date(start.getTime() + i));

    expect(await sendAt(start, 0)).toBe(BUDGET);
    expect(await heldAt(start, 0)).toBe(70);
    expect(await sendAt(start, 59)).toBe(0);
    expect(await heldAt(start, 59)).toBe(70);
    expect(await sendAt(start, 61)).toBe(BUDGET);
    expect(await heldAt(start, 61)).toBe(20);
    // An hour after the second batch, not after the first: the budget is any hour's.
    expect(await sendAt(start, 100)).toBe(0);
    expect(await sendAt(start, 122)).toBe(20);
    expect(await heldAt(start, 122)).toBe(0);
    expect(sink.caught.map((c) => c.to[0])).toEqual(people);
  });

  it("keeps to the budget with two senders at once, as two instances would run", async () => {
    const start = new Date();
    for (let i = 0; i < 80; i++) await subscribe(handle.db, `twice${String(i)}@example.org`, start);
    const [a, b] = await Promise.all([sendAt(start, 1), sendAt(start, 1)]);
    expect(a + b).toBe(BUDGET);
    expect(sink.caught.length).toBe(BUDGET);
    expect(new Set(sink.caught.map((c) => c.to[0])).size).toBe(BUDGET);
  });
});

describe("one confirmation a day per mailbox", () => {
  it("asks a mailbox once a day, whatever spelling, including while its confirmation waits for the budget", async () => {
    const start = new Date();
    expect(await subscribe(handle.db, "victim+1@gmail.com", start)).toEqual(expect.any(Number));
    // Waiting for its turn, the mailbox is asked already.
    expect(await subscribe(handle.db, "v.i.c.t.i.m+2@googlemail.com", start)).toBeNull();
    expect(await sendAt(start, 0, { perHour: 0 })).toBe(0);
    expect(await subscribe(handle.db, "victim@gmail.com", new Date(start.getTime() + MINUTE))).toBeNull();
    expect(await sendAt(start, 1)).toBe(1);
    // Sent: nothing more for a day, by any of its spellings.
    for (const [minutes, email] of [
      [60, "victim+3@gmail.com"],
      [23 * 60, "VIC.TIM@gmail.com"],
    ] as const) {
      expect(await subscribe(handle.db, email.toLowerCase(), new Date(start.getTime() + minutes * MINUTE))).toBeNull();
      expect(await sendAt(start, minutes)).toBe(0);
    }
    expect(await subscribe(handle.db, "victim+4@gmail.com", new Date(start.getTime() + 25 * 60 * MINUTE))).toEqual(
      expect.any(Number),
    );
    expect(await sendAt(start, 25 * 60)).toBe(1);
    expect(sink.caught.map((c) => c.to[0])).toEqual(["victim+1@gmail.com", "victim+4@gmail.com"]);
  });
});

describe("a mail server's refusals", () => {
  it("marks an address refused for good as bounced, and sends the others", async () => {
    const start = new Date();
    await subscribe(handle.db, "gone@example.org", start);
    await subscribe(handle.db, "here@example.org", new Date(start.getTime() + 1));
    sink.refuse = (address) => (address === "gone@example.org" ? { code: 550, message: "No such user" } : undefined);
    expect(await sendAt(start, 0)).toBe(1);
    expect(await rowOf("gone@example.org")).toMatchObject({ status: "bounced", confirmationWantedAt: null });
    expect(sink.caught.map((c) => c.to[0])).toEqual(["here@example.org"]);
    expect(await sendAt(start, 5)).toBe(0);
  });

  it("puts one the server wants later at the back of the queue, uncounted, and tries it on the next run", async () => {
    const start = new Date();
    await subscribe(handle.db, "grey@example.org", start);
    await subscribe(handle.db, "plain@example.org", new Date(start.getTime() + 1));
    sink.refuse = (address) => (address === "grey@example.org" ? { code: 451, message: "Greylisted" } : undefined);
    expect(await sendAt(start, 1)).toBe(0);
    expect(await rowOf("grey@example.org")).toMatchObject({ status: "pending", confirmationSentAt: null });
    sink.refuse = () => undefined;
    expect(await sendAt(start, 2)).toBe(2);
    expect(sink.caught.map((c) => c.to[0])).toEqual(["plain@example.org", "grey@example.org"]);
  });

  it("fails the run when the relay cannot be reached, and keeps the confirmation in its place, uncounted", async () => {
    const start = new Date();
    await subscribe(handle.db, "patient@example.org", start);
    const down = await openMailer(parseSettings({ SMTP_URL: "smtp://127.0.0.1:9" }).mail);
    await expect(sendAt(start, 0, { mailer: down })).rejects.toThrow();
    down.close();
    expect(await heldAt(start, 0)).toBe(0);
    expect(await rowOf("patient@example.org")).toMatchObject({ confirmationSentAt: null });
    expect(await sendAt(start, 1)).toBe(1);
  });

  it("sends again a confirmation whose sender died before settling it, once the claim has lapsed", async () => {
    const start = new Date();
    await subscribe(handle.db, "lost@example.org", start);
    // Taken to be sent at `start`, and never settled.
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: start })
      .where(eq(newsletterSubscribers.email, "lost@example.org"));
    expect(await sendAt(start, CLAIM_LAPSE_MS / MINUTE - 1)).toBe(0);
    expect(await sendAt(start, CLAIM_LAPSE_MS / MINUTE)).toBe(1);
    expect(await rowOf("lost@example.org")).toMatchObject({ confirmationWantedAt: null });
  });
});

describe("the mailbox of an address", () => {
  it("is the address lowercased, without its +tag, and at Gmail without dots, googlemail.com as gmail.com", async () => {
    const cases = {
      "someone@example.org": "someone@example.org",
      "some.one+news@example.org": "some.one@example.org",
      "some.one+a+b@example.org": "some.one@example.org",
      "+tag@example.org": "+tag@example.org",
      "j.doe+x@gmail.com": "jdoe@gmail.com",
      "j.d.o.e@googlemail.com": "jdoe@gmail.com",
      "jdoe@gmail.com.example": "jdoe@gmail.com.example",
      "j.doe@notgmail.com": "j.doe@notgmail.com",
    };
    await handle.db.insert(newsletterSubscribers).values(Object.keys(cases).map((email) => ({ email })));
    const rows = await handle.db
      .select({ email: newsletterSubscribers.email, mailbox: newsletterSubscribers.mailbox })
      .from(newsletterSubscribers);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.mailbox]))).toEqual(cases);
    // A row written in capitals by something other than the signup counts the same.
    await handle.db.execute(sql`insert into newsletter_subscribers (email) values ('J.Doe+Caps@GMAIL.com')`);
    expect((await rowOf("J.Doe+Caps@GMAIL.com"))?.mailbox).toBe("jdoe@gmail.com");
  });
});
