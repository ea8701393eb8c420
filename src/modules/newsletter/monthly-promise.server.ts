import { and, count, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { IssueStatus } from "../../../db/content-statuses.ts";

const { newsletterIssues: issues } = tables;

/**
 * The copy's promise: one or two messages a month. A third issue within this many days of
 * two others goes out only when the owner says so for that issue.
 */
export const MONTHLY_ISSUES = 2;
export const MONTH_DAYS = 30;

/** Why a third issue in a month waits for the owner's word, as the screens ask it. */
export const OVER_LIMIT_REASON = `${String(MONTHLY_ISSUES)} issues have gone out in the last ${String(MONTH_DAYS)} days, which is what the signup form promises (one or two emails a month).`;

/** The API's refusal of a third issue in a month, with the way past it; the screens show it up to the hint. */
export const OVER_LIMIT = `${OVER_LIMIT_REASON.slice(0, -1)}; send with overLimit to send this one anyway`;

const DAY = 24 * 60 * 60_000;

/** Issues that have left or are about to: what the monthly promise counts. */
const OUTGOING: IssueStatus[] = ["scheduled", "sending", "paused", "sent"];

/**
 * Whether `MONTHLY_ISSUES` have left, or are about to, in the last `MONTH_DAYS`: one more
 * now would break the signup form's promise. The screens ask it before sending, so the
 * owner is asked instead of refused.
 */
export async function monthFull(db: Db, now = new Date()): Promise<boolean> {
  const [recent] = await db
    .select({ n: count() })
    .from(issues)
    .where(
      and(
        inArray(issues.status, OUTGOING),
        gt(sql`coalesce(${issues.startedAt}, ${issues.sendAt})`, new Date(now.getTime() - MONTH_DAYS * DAY)),
      ),
    );
  return (recent?.n ?? 0) >= MONTHLY_ISSUES;
}
