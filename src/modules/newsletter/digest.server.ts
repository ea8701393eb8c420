import { and, count, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import { integer } from "@/lib/form-fields";
import { issueItems, newSinceLastIssue, type IssueItem } from "./issue-contents.server";
import { createIssue, digestSubject, itemsOfIssue, type IssueRow } from "./issues.server";
import { issueLetter } from "./letters.server";
import type { LetterPreview } from "./newsletter-json";

const { appState, newsletterIssues: issues } = tables;

const DIGEST_KEY = "newsletterDigest";
/** The hour (UTC) the digest job runs: a morning's coffee in Europe, before breakfast in the Americas. */
export const DIGEST_HOUR_UTC = 8;

/** The owner's choice of the digest's day: 1 to 28, so every month has it. */
export const digestSettingsSchema = z.strictObject({
  dayOfMonth: integer({ min: 1, max: 28, name: "dayOfMonth" }),
});
export type DigestSettings = z.output<typeof digestSettingsSchema>;
const DEFAULT_DIGEST: DigestSettings = { dayOfMonth: 1 };

export async function digestSettings(db: Db): Promise<DigestSettings> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, DIGEST_KEY));
  const parsed = digestSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_DIGEST;
}

export async function saveDigestSettings(db: Db, settings: DigestSettings): Promise<DigestSettings> {
  await db
    .insert(appState)
    .values({ key: DIGEST_KEY, value: settings })
    .onConflictDoUpdate({ target: appState.key, set: { value: settings, updatedAt: sql`now()` } });
  return settings;
}

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The next time the digest job writes a digest: the owner's day, at the job's hour, this month or next. */
export function nextDigestAt(settings: DigestSettings, now: Date, hourUtc: number): Date {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), settings.dayOfMonth, hourUtc));
  return thisMonth > now
    ? thisMonth
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, settings.dayOfMonth, hourUtc));
}

/**
 * The daily run: from the owner's day on, once a month, write a draft digest of what went
 * public since the last digest and not yet emailed, if anything did. "From" rather than "on":
 * a site that was down over the day, or had nothing new then, writes it at the first run after
 * that finds something. The owner sends it (the dashboard says it is ready); nothing is mailed
 * without them.
 */
export async function writeMonthlyDigest(
  db: Db,
  site: { siteUrl: string; siteName: string },
  now: Date = new Date(),
): Promise<IssueRow | null> {
  if (now.getUTCDate() < (await digestSettings(db)).dayOfMonth) return null;
  const [already] = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.digest, true), gte(issues.createdAt, startOfMonth(now))))
    .limit(1);
  if (already) return null;
  try {
    return await createIssue(db, site.siteUrl, site.siteName, {}, { digest: true, now });
  } catch (error) {
    if (error instanceof DomainError && error.code === "conflict") return null;
    throw error;
  }
}

/** Draft digests waiting for the owner: the dashboard says one is ready. */
export async function digestsReady(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(issues)
    .where(and(eq(issues.digest, true), eq(issues.status, "draft")));
  return row?.n ?? 0;
}

/** How a message of these items looks; its unsubscribe link goes nowhere, as no reader is named. */
export async function previewLetter(
  site: { siteUrl: string; siteName: string },
  subject: string,
  items: IssueItem[],
): Promise<LetterPreview> {
  const letter = await issueLetter({
    ...site,
    subject,
    items,
    unsubscribeUrl: `${site.siteUrl}/newsletter/unsubscribe`,
  });
  return { subject, items, html: letter.html, text: letter.text };
}

/** The next digest as it stands: what went public since the last digest and is not yet emailed, as it would be mailed. */
export async function nextDigestPreview(db: Db, site: { siteUrl: string; siteName: string }, now = new Date()) {
  const items = await issueItems(db, site.siteUrl, await newSinceLastIssue(db, now));
  return previewLetter(site, digestSubject(site.siteName, now), items);
}

/** An issue as its readers would get it, with what it carries now. */
export async function issuePreview(db: Db, site: { siteUrl: string; siteName: string }, id: number) {
  const { issue, items } = await itemsOfIssue(db, site.siteUrl, id);
  return previewLetter(site, issue.subject, items);
}
