/** A moment as the newsletter screen shows it: the date and time, in UTC as the server keeps it. */
export function whenUtc(iso: string | null): string {
  if (!iso) return "";
  return `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
}
