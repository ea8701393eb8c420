import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { openMailingSite, type MailingSite } from "../../../tests/setup/mailing-site.ts";
import type { SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { parseSettings } from "@/lib/settings.server";
import { useJobSender } from "@/lib/job-registry";
import { confirmSubscriber, subscribe } from "./newsletter.server";

// The signup form as a flood uses it: through the endpoint, from many client networks, then
// the queue's jobs as the site runs them, counting what reaches the mail server.

let site: MailingSite;
let handle: DbHandle;
let sink: SmtpSink;
let queue: MailingSite["queue"];
/** The site's default budget of confirmations an hour (NEWSLETTER_CONFIRMATIONS_PER_HOUR). */
const BUDGET = 50;
const FLOOD = { timeout: 90_000 };

beforeAll(async () => {
  site = await openMailingSite(parseSettings({ MAIL_RATE_PER_SECOND: "1000" }).mail);
  ({ handle, sink, queue } = site);
});
afterAll(() => site.close());
beforeEach(() => {
  sink.caught.length = 0;
});

const signupRoute = endpoints.find((e) => e.method === "POST" && e.path === "/api/newsletter/subscribe");
const signUp = (email: string, client: string, form = false) => {
  if (!signupRoute) throw new Error("no signup route");
  return callEndpoint(signupRoute, {
    user: null,
    params: {},
    body: form ? `email=${encodeURIComponent(email)}` : JSON.stringify({ email }),
    contentType: form ? "application/x-www-form-urlencoded" : undefined,
    client,
  });
};

/**
 * Eleven client networks, six IPv4 /24s (the first also written as IPv4-mapped IPv6) and five
 * IPv6 /56s, each with twenty different addresses inside it.
 */
const networks = (range: number) =>
  Array.from({ length: 11 }, (_, n) =>
    Array.from({ length: 20 }, (_, i) => {
      if (n >= 6) return `2001:db8:${String(range)}${String(n)}:${i.toString(16)}::${String(i + 1)}`;
      const v4 = `198.${String(range)}.${String(n)}.${String(i + 1)}`;
      return n === 0 && i % 2 === 0 ? `::ffff:${v4}` : v4;
    }),
  );

/** One of the spellings that reach victim@gmail.com: plus-addresses, dots, googlemail.com, capitals. */
function victimSpelling(k: number): string {
  const dotted = ["v", "i", "c", "t", "i", "m"].map((c, i) => (i > 0 && (k >> i) & 1 ? `.${c}` : c)).join("");
  if (k % 3 === 0) return `victim+${String(k)}@gmail.com`;
  if (k % 3 === 1) return `${dotted}+flood${String(k)}@googlemail.com`;
  return k % 2 === 0 ? dotted.toUpperCase() + "@GMAIL.COM" : `${dotted}@gmail.com`;
}

/** Move the times of what was sent back, as an hour passing would leave them. */
const hourPasses = () =>
  handle.db.execute(sql`update newsletter_subscribers
    set confirmation_sent_at = confirmation_sent_at - interval '61 minutes',
        created_at = created_at - interval '61 minutes'`);

// Written as SQL rather than with the table's column, so this file runs on the code before the bounds too.
const waitingCount = async () =>
  (
    await handle.db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(sql`confirmation_wanted_at is not null`)
  )[0]?.n;

describe("a signup flood", () => {
  // 220 requests, and as many runs of the queue: more than a test's usual 20 seconds on a busy machine.
  it(
    "puts one confirmation in a mailbox that 11 networks × 20 of its spellings signed up, and holds each network to 20 an hour",
    FLOOD,
    async () => {
      const answers = new Set<string>();
      let k = 0;
      for (const clients of networks(18)) {
        for (const client of clients) {
          const response = await signUp(victimSpelling(k++), client);
          answers.add(`${String(response.status)} ${await response.text()}`);
        }
      }
      expect([...answers]).toEqual(['200 {"ok":true}']);
      await queue.runAll();
      expect(sink.caught.length).toBe(1);
      expect(sink.caught[0]?.to[0]).toMatch(/^v\.?i\.?c\.?t\.?i\.?m(\+[a-z0-9]+)?@(gmail|googlemail)\.com$/);

      // The 21st from a network is refused, whichever of its addresses it comes from.
      for (const client of ["198.18.0.250", "::ffff:198.18.5.7", "2001:db8:186:ff::1"]) {
        expect((await signUp("someone.else@example.org", client)).status, client).toBe(429);
      }
      // The minute's sweep sends nothing more.
      await queue.runAll("newsletter-confirmation");
      expect(sink.caught.length).toBe(1);
    },
  );

  it(
    "sends at most the hour's budget when the flood names 220 people, holds the rest, and sends them as the hours pass",
    FLOOD,
    async () => {
      await hourPasses();
      let k = 0;
      for (const clients of networks(19)) {
        for (const client of clients) {
          expect((await signUp(`person${String(k++)}+news@example.org`, client)).status).toBe(200);
        }
      }
      await queue.runAll();
      expect(sink.caught.length).toBe(BUDGET);
      expect(await waitingCount()).toBe(220 - BUDGET);

      // Nothing more within the hour, however often the queue is swept.
      await queue.runAll("newsletter-confirmation", "newsletter-confirmation");
      expect(sink.caught.length).toBe(BUDGET);

      // Each hour that passes lets the next budget's worth go, until every one has had theirs.
      for (let hour = 1; (await waitingCount()) !== 0 && hour < 10; hour++) {
        await hourPasses();
        await queue.runAll("newsletter-confirmation");
        expect(sink.caught.length).toBe(Math.min(220, BUDGET * (hour + 1)));
      }
      expect(new Set(sink.caught.map((c) => c.to[0])).size).toBe(220);
    },
  );

  it("answers a new, a known, a held and an over-budget address alike, each by one run of the queue", async () => {
    // The hour's budget spent by others, a reader already on the list, and a mailbox asked today.
    await handle.db.execute(sql`update newsletter_subscribers set confirmation_sent_at = now()`);
    const known = (await subscribe(handle.db, "known@example.org")) ?? 0;
    await confirmSubscriber(handle.db, known);
    const asked = await subscribe(handle.db, "asked@example.org");
    expect(asked).toEqual(expect.any(Number));

    const addresses = ["new@example.org", "known@example.org", "asked+again@example.org", "later@example.org"];
    for (const form of [false, true]) {
      const answers = new Set<string>();
      const shapes = new Set<string>();
      for (const email of addresses) {
        const before = queue.sent.length;
        const response = await signUp(email, "203.0.113.5", form);
        answers.add(`${String(response.status)} ${response.headers.get("location") ?? ""} ${await response.text()}`);
        const jobs = queue.sent.slice(before).map((job) => `${job.name} ${Object.keys(job.data).join()}`);
        expect(jobs, email).toHaveLength(1);
        shapes.add(jobs[0] ?? "");
      }
      expect(answers.size, form ? "form" : "JSON").toBe(1);
      expect(shapes).toEqual(new Set(["newsletter-confirmation email"]));
    }
  });

  it("asks the visitor to try again, never drops the signup, while the queue has not started", async () => {
    useJobSender(undefined);
    try {
      const answer = await signUp("early@example.com", "203.0.113.77");
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
    } finally {
      useJobSender(queue.sender);
    }
  });
});
