import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { openMailingSite, type MailingSite } from "../../../tests/setup/mailing-site.ts";
import type { SmtpSink } from "../../../tests/setup/smtp-sink.ts";
import { parseSettings } from "@/lib/settings.server";
import type { Mailer } from "./mailer.server";
import {
  confirmSubscriber,
  purgeUnconfirmed,
  sendConfirmation,
  subscribe,
  unsubscribeSubscriber,
} from "./newsletter.server";
import { subscriberOfToken } from "./subscriber-links.server";

let site: MailingSite;
let handle: DbHandle;
let sink: SmtpSink;
let mailer: Mailer;
let queue: MailingSite["queue"];
const settings = parseSettings({ SITE_URL: "https://meh.example" });

beforeAll(async () => {
  site = await openMailingSite(settings.mail);
  ({ handle, sink, mailer, queue } = site);
});
afterAll(() => site.close());
beforeEach(() => {
  sink.caught.length = 0;
});

const statusOf = async (email: string) =>
  (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

/** The links of the last message caught (to `to`, when given), by what they lead to. */
async function linksOfLastMessage(to?: string): Promise<{ confirm: string; unsubscribe: string; oneClick: string }> {
  const last = sink.caught.findLast((c) => to === undefined || c.to.includes(to));
  const parsed = await simpleParser(last?.raw ?? Buffer.alloc(0));
  const hrefs = [...(parsed.html || "").matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));
  const oneClick = /<([^>]+)>/.exec(parsed.headerLines.find((l) => l.key === "list-unsubscribe")?.line ?? "")?.[1];
  return {
    confirm: hrefs.find((h) => h.includes("/newsletter/confirm?")) ?? "",
    unsubscribe: hrefs.find((h) => h.includes("/newsletter/unsubscribe?")) ?? "",
    oneClick: oneClick ?? "",
  };
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
const route = (method: string, path: string) => {
  const found = endpoints.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

describe("double opt-in", () => {
  it("keeps a new address pending, sends it one confirmation, and only the confirmation's POST makes it a reader", async () => {
    const id = await subscribe(handle.db, "reader@example.org");
    expect(id).toEqual(expect.any(Number));
    expect(await statusOf("reader@example.org")).toMatchObject({ status: "pending", confirmedAt: null });
    await sendConfirmation(handle.db, mailer, settings, id ?? 0);
    expect(sink.caught.map((c) => c.to)).toEqual([["reader@example.org"]]);
    const parsed = await simpleParser(sink.caught[0]?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe("Confirm your subscription to Mostly Meh");
    expect(parsed.text).toContain("Confirm my subscription");
    const links = await linksOfLastMessage();
    expect(links.confirm).toMatch(/^https:\/\/meh\.example\/newsletter\/confirm\?token=/);
    expect(links.oneClick).toMatch(/^https:\/\/meh\.example\/api\/newsletter\/unsubscribe\?token=/);

    // The link names this reader for confirming, and for nothing else.
    expect(await subscriberOfToken(handle.db, "confirm", tokenOf(links.confirm))).toBe(id);
    expect(await subscriberOfToken(handle.db, "unsubscribe", tokenOf(links.confirm))).toBeNull();
    // A mail program that took the punctuation after the link in: still this reader's link.
    for (const taken of [".", ",", ").", ">"]) {
      expect(await subscriberOfToken(handle.db, "confirm", `${tokenOf(links.confirm)}${taken}`)).toBe(id);
    }
    const confirmed = await callEndpoint(route("POST", "/api/newsletter/confirm"), {
      user: null,
      params: {},
      body: JSON.stringify({ token: tokenOf(links.confirm) }),
    });
    expect(await confirmed.json()).toEqual({ outcome: "done" });
    const row = await statusOf("reader@example.org");
    expect(row).toMatchObject({ status: "active" });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    // Confirming twice is no error, and sends nothing more.
    expect(await confirmSubscriber(handle.db, id ?? 0)).toBe("already");
    expect(await subscribe(handle.db, "reader@example.org")).toBeNull();
  });

  it("asks an address again at most once a day, and never a reader or a bounced address", async () => {
    const id = await subscribe(handle.db, "slow@example.org");
    expect(await subscribe(handle.db, "slow@example.org")).toBeNull();
    const sentAgo = (interval: string) =>
      handle.db
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: sql`now() - ${interval}::interval`, confirmationWantedAt: null })
        .where(eq(newsletterSubscribers.email, "slow@example.org"));
    await sentAgo("23 hours");
    expect(await subscribe(handle.db, "slow@example.org")).toBeNull();
    await sentAgo("25 hours");
    expect(await subscribe(handle.db, "slow@example.org")).toBe(id);
    await sentAgo("2 days");
    await handle.db
      .update(newsletterSubscribers)
      .set({ status: "bounced" })
      .where(eq(newsletterSubscribers.email, "slow@example.org"));
    expect(await subscribe(handle.db, "slow@example.org")).toBeNull();
    await sendConfirmation(handle.db, mailer, settings, id ?? 0);
    expect(sink.caught).toEqual([]);
  });

  it("takes a reader off at once with a mail program's one-click POST, URL-encoded or multipart, no cookie, no origin", async () => {
    for (const [email, contentType, body] of [
      ["oneclick@example.org", "application/x-www-form-urlencoded", "List-Unsubscribe=One-Click"],
      [
        "multipart@example.org",
        "multipart/form-data; boundary=b",
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      ],
    ] as const) {
      const id = (await subscribe(handle.db, email)) ?? 0;
      await sendConfirmation(handle.db, mailer, settings, id);
      await confirmSubscriber(handle.db, id);
      const { oneClick } = await linksOfLastMessage();
      const response = await callEndpoint(route("POST", "/api/newsletter/unsubscribe"), {
        user: null,
        params: {},
        query: [["token", tokenOf(oneClick)]],
        body,
        contentType,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ outcome: "done" });
      expect(await statusOf(email)).toMatchObject({ status: "unsubscribed" });
      expect((await statusOf(email))?.unsubscribedAt).toBeInstanceOf(Date);
    }
  });

  it("refuses a token that is not ours with 400 naming it, and changes nobody", async () => {
    const id = (await subscribe(handle.db, "kept@example.org")) ?? 0;
    await confirmSubscriber(handle.db, id);
    for (const token of [`${String(id)}.${"A".repeat(43)}`, "nonsense", String(id)]) {
      const response = await callEndpoint(route("POST", "/api/newsletter/unsubscribe"), {
        user: null,
        params: {},
        query: [["token", token]],
        body: "List-Unsubscribe=One-Click",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(response.status, token).toBe(400);
      expect(await response.json()).toMatchObject({ field: "token" });
    }
    expect(await statusOf("kept@example.org")).toMatchObject({ status: "active" });
  });

  it("lets a reader who left sign up again, confirming anew", async () => {
    const id = (await subscribe(handle.db, "again@example.org")) ?? 0;
    await confirmSubscriber(handle.db, id);
    await unsubscribeSubscriber(handle.db, id);
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: sql`now() - interval '25 hours'` })
      .where(eq(newsletterSubscribers.id, id));
    expect(await subscribe(handle.db, "again@example.org")).toBe(id);
    expect(await statusOf("again@example.org")).toMatchObject({ status: "pending" });
  });

  it("takes a reader who left back only through a fresh confirmation, never straight to reading", async () => {
    const id = (await subscribe(handle.db, "return@example.org")) ?? 0;
    await sendConfirmation(handle.db, mailer, settings, id);
    await confirmSubscriber(handle.db, id);
    await unsubscribeSubscriber(handle.db, id);
    const { unsubscribe } = await linksOfLastMessage();
    // Their last confirmation was long ago: the way back may ask them again.
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: sql`now() - interval '30 days'` })
      .where(eq(newsletterSubscribers.id, id));
    sink.caught.length = 0;

    const back = await callEndpoint(route("POST", "/api/newsletter/resubscribe"), {
      user: null,
      params: {},
      body: JSON.stringify({ token: tokenOf(unsubscribe) }),
    });
    expect(await back.json()).toEqual({ outcome: "done" });
    expect(await statusOf("return@example.org")).toMatchObject({ status: "pending", unsubscribedAt: null });
    await queue.runAll();
    // One new message to them (others may be owed theirs by the tests before).
    expect(sink.caught.filter((c) => c.to.includes("return@example.org"))).toHaveLength(1);
    const { confirm } = await linksOfLastMessage("return@example.org");
    expect(await subscriberOfToken(handle.db, "confirm", tokenOf(confirm))).toBe(id);
    expect(await confirmSubscriber(handle.db, id)).toBe("done");
    expect(await statusOf("return@example.org")).toMatchObject({ status: "active" });
  });

  it("holds a way back in to the signup's bounds: a mailbox asked within the day is not asked again", async () => {
    const id = (await subscribe(handle.db, "hasty@example.org")) ?? 0;
    await sendConfirmation(handle.db, mailer, settings, id);
    // Sent now, as the confirmation job records it.
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, id));
    const { unsubscribe } = await linksOfLastMessage("hasty@example.org");
    await confirmSubscriber(handle.db, id);
    await unsubscribeSubscriber(handle.db, id);
    sink.caught.length = 0;

    // Pressed twice, from the page's form: the first waits to confirm, the second changes nothing.
    for (const outcome of ["back", "already"]) {
      const pressed = await callEndpoint(route("POST", "/api/newsletter/resubscribe"), {
        user: null,
        params: {},
        body: `token=${encodeURIComponent(tokenOf(unsubscribe))}`,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(pressed.status).toBe(303);
      expect(pressed.headers.get("location")).toContain(`outcome=${outcome}`);
    }
    expect(await statusOf("hasty@example.org")).toMatchObject({ status: "pending" });
    await queue.runAll();
    expect(sink.caught.filter((c) => c.to.includes("hasty@example.org"))).toEqual([]);
  });

  it("forgets addresses never confirmed within a week of asking, and no one else", async () => {
    const stale = (await subscribe(handle.db, "never@example.org")) ?? 0;
    const fresh = (await subscribe(handle.db, "soon@example.org")) ?? 0;
    await handle.db
      .update(newsletterSubscribers)
      .set({
        createdAt: sql`now() - interval '8 days'`,
        confirmationSentAt: sql`now() - interval '8 days'`,
        confirmationWantedAt: null,
      })
      .where(eq(newsletterSubscribers.id, stale));
    // A reader who joined a month ago, left, and signs up again today has a week from today.
    const back = (await subscribe(handle.db, "back@example.org")) ?? 0;
    expect(await confirmSubscriber(handle.db, back)).toBe("done");
    expect(await unsubscribeSubscriber(handle.db, back)).toBe("done");
    await handle.db
      .update(newsletterSubscribers)
      .set({ createdAt: sql`now() - interval '30 days'`, confirmationSentAt: sql`now() - interval '30 days'` })
      .where(eq(newsletterSubscribers.id, back));
    expect(await subscribe(handle.db, "back@example.org")).toBe(back);

    expect(await purgeUnconfirmed(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf("never@example.org")).toBeUndefined();
    expect(await statusOf("soon@example.org")).toMatchObject({ id: fresh, status: "pending" });
    expect(await statusOf("back@example.org")).toMatchObject({ id: back, status: "pending" });
  });
});
