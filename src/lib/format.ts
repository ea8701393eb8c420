const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A date in en-US long form (SPEC §9), in UTC so every visitor and the server agree.
 * @example formatDate(new Date("2026-03-14T09:00:00Z")) // "March 14, 2026"
 */
export function formatDate(date: Date | string): string {
  return longDate.format(typeof date === "string" ? new Date(date) : date);
}

/**
 * A date and time in words, in the reader's own time zone (the owner's, on admin screens).
 * @example whenText("2026-12-01T09:30:00Z") // "Dec 1, 2026, 9:30 AM" in London
 */
export const whenText = (iso: string): string =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A date and time as a server-rendered page first shows it, in UTC and saying so: the server
 * cannot know the reader's zone, and `local-times.ts` rewrites it in theirs (as `whenText`).
 * @example utcWhenText(new Date("2026-12-01T09:30:00Z")) // "Dec 1, 2026, 9:30 AM UTC"
 */
export const utcWhenText = (date: Date): string =>
  `${date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

/**
 * Seconds as minutes:seconds with zero-padded seconds (SPEC §9).
 * @example formatDuration(65) // "1:05"
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Split stored text into paragraphs at line breaks, dropping empty lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A count with its noun, grouped by thousands the same on server and browser.
 * @example countOf(10000, "post") // "10,000 posts"
 */
export function countOf(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : `${noun}s`}`;
}

/**
 * How many a listing holds, as `countOf` says it, at the start of a sentence; where counting
 * stopped (`Page.capped`), that there are more than it counted.
 * @example totalOf({ total: 1001, capped: true }, "post") // "More than 1,000 posts"
 */
export function totalOf({ total, capped }: { total: number; capped?: true }, noun: string): string {
  return capped ? `More than ${countOf(total - 1, noun)}` : countOf(total, noun);
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"];

/**
 * A file's size in the largest unit under which it is at least 1 (of 1024), one decimal past bytes.
 * @example formatBytes(1_572_864) // "1.5 MB"
 */
export function formatBytes(bytes: number): string {
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit === 0 ? countOf(bytes, "byte") : `${size.toFixed(1)} ${UNITS[unit] ?? ""}`;
}
