import { expect, it } from "vitest";
import { dateline } from "./dateline";

const AT = new Date("2026-12-01T09:30:00Z");

// What an item's page says of when it goes public, for each place it can stand.
it.each([
  ["published", { words: "", time: { iso: AT.toISOString(), text: "December 1, 2026", local: false } }],
  ["draft", { words: "Draft: not published yet", time: null }],
  ["scheduled", { words: "Goes out", time: { iso: AT.toISOString(), text: "Dec 1, 2026, 9:30 AM UTC", local: true } }],
] as const)("%s", (status, expected) => {
  expect(dateline({ status, publishedAt: AT })).toEqual(expected);
});
