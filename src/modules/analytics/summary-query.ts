import { z } from "zod";

/** The longest period a summary covers, in days. */
export const MAX_SUMMARY_DAYS = 366;

/** The periods the Analytics screen offers, in days. */
export const PERIODS = [7, 30, 90] as const;

// Nothing was counted before 1970; the database's calendar has no year 0 to compare with.
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date as YYYY-MM-DD")
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day) && at.getUTCFullYear() >= 1970;
  }, "Must be a real date, from 1970 on");

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both days included, at most `MAX_SUMMARY_DAYS` apart. */
export const summaryQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine(({ from, to }) => from <= to, { path: ["to"], message: "Must not be before from" })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_SUMMARY_DAYS, {
    path: ["to"],
    message: `Must be at most ${MAX_SUMMARY_DAYS} days after from`,
  });

/**
 * The last `days` days up to and including `today` (UTC), as a summary's query.
 * @example periodEnding("2026-11-27", 7) // { from: "2026-11-21", to: "2026-11-27" }
 */
export function periodEnding(today: string, days: number): { from: string; to: string } {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}
