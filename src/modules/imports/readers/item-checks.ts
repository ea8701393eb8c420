import { refuseExport } from "../source-item";

/**
 * The hostile-input limits every reader holds an item to: what no real post reaches, and
 * what a forged export reaches to exhaust memory or write nonsense rows.
 */
export const ITEM_LIMITS = {
  titleChars: 1000,
  bodyBytes: 5 * 1024 ** 2,
  htmlFileBytes: 5 * 1024 ** 2,
  csvBytes: 50 * 1024 ** 2,
  earliestYear: 1970,
  latestYear: 2100,
} as const;

/** How an item is named in a refusal: a title cut short, as a 10 MB one would drown the message. */
export function itemName(title: string | null | undefined, sourceId: string): string {
  const name = title?.trim() || sourceId;
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/** The title, trimmed, refused past the limit. */
export function checkedTitle(title: string, sourceId: string): string {
  const trimmed = title.trim();
  if (trimmed.length > ITEM_LIMITS.titleChars) {
    throw refuseExport(
      `its title is ${String(trimmed.length)} characters, more than the ${String(ITEM_LIMITS.titleChars)} allowed.`,
      itemName(null, sourceId),
    );
  }
  return trimmed;
}

/** A body, refused past the limit in bytes. */
export function checkedBody(body: string, name: string): string {
  const bytes = Buffer.byteLength(body);
  if (bytes > ITEM_LIMITS.bodyBytes) {
    throw refuseExport(
      `its body is ${String(bytes)} bytes, more than the ${String(ITEM_LIMITS.bodyBytes)} allowed.`,
      name,
    );
  }
  return body;
}

// A time without a zone (`2019-05-01 10:00`, Bear's and Jekyll's habit) is read as UTC, not
// as this machine's local time, so the same export reads the same on every server.
const ZONELESS = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
// PostgreSQL's own text (`2019-05-01 10:00:00+00`) writes its zone without minutes.
const SHORT_ZONE = /(:\d{2}(?:\.\d+)?[+-]\d{2})$/;

/**
 * A date the source gives (text, or a date its parser made), or null when it gives none.
 * Refused when it cannot be read (a bare number too: `2019` is a year or seconds, no one can
 * tell), or falls before 1970 or after 2100.
 * @example sourceDate("2019-05-01 10:00", "date", "A post") // 2019-05-01T10:00:00.000Z
 */
export function sourceDate(value: unknown, field: string, name: string): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === "string") {
    const text = value.trim();
    const zoneless = ZONELESS.exec(text);
    const iso = zoneless ? `${zoneless[1] ?? ""}T${zoneless[2] ?? ""}Z` : text.replace(SHORT_ZONE, "$1:00");
    date = new Date(iso);
  } else throw refuseExport(`its ${field} is not a date.`, name);
  if (Number.isNaN(date.getTime()))
    throw refuseExport(`its ${field} "${String(value).slice(0, 40)}" is not a date.`, name);
  const year = date.getUTCFullYear();
  if (year < ITEM_LIMITS.earliestYear || year > ITEM_LIMITS.latestYear) {
    throw refuseExport(
      `its ${field} falls in ${String(year)}, outside ${String(ITEM_LIMITS.earliestYear)} to ${String(ITEM_LIMITS.latestYear)}.`,
      name,
    );
  }
  return date;
}
