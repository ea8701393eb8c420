import { describe, expect, it } from "vitest";
import { countOf, formatBytes, formatDate, formatDuration, paragraphs, totalOf } from "./format";

describe("formatDate", () => {
  it("uses the en-US long form", () => {
    expect(formatDate(new Date("2026-03-14T09:00:00Z"))).toBe("March 14, 2026");
    expect(formatDate("2026-11-01T23:30:00Z")).toBe("November 1, 2026");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [7, "0:07"],
    [65, "1:05"],
    [600, "10:00"],
  ])("%i seconds is %s", (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});

describe("paragraphs", () => {
  it("splits at line breaks and drops blank lines", () => {
    expect(paragraphs("One.\n\nTwo.\r\nThree.\n  \n")).toEqual(["One.", "Two.", "Three."]);
  });
});

describe("countOf", () => {
  it("groups thousands and makes the noun agree", () => {
    expect(countOf(1, "post")).toBe("1 post");
    expect(countOf(0, "video")).toBe("0 videos");
    expect(countOf(10000, "post")).toBe("10,000 posts");
  });
});

describe("totalOf", () => {
  it("says the count, or that there are more than were counted", () => {
    expect(totalOf({ total: 1 }, "post")).toBe("1 post");
    expect(totalOf({ total: 1000 }, "post")).toBe("1,000 posts");
    expect(totalOf({ total: 1001, capped: true }, "video")).toBe("More than 1,000 videos");
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1,023 bytes"],
    [1024, "1.0 KB"],
    [1_572_864, "1.5 MB"],
    [3 * 1024 ** 3, "3.0 GB"],
  ])("%d is %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
