import { describe, expect, it } from "vitest";
import { clampRating, urlOrPath } from "./form-fields";

describe("clampRating", () => {
  it.each([
    [1, 1],
    [5, 5],
    [0, 1],
    [9, 5],
    ["4", 4],
    ["2.6", 3],
    ["", 3],
    [" ", 3],
    ["meh", 3],
    [null, 3],
    [undefined, 3],
    [Number.NaN, 3],
    [Infinity, 3],
  ])("%j becomes %j", (input, rating) => {
    expect(clampRating(input)).toBe(rating);
  });
});

describe("urlOrPath", () => {
  it.each(["/uploads/a.jpg", "https://example.com/x.png", "http://example.com"])("accepts %s", (value) => {
    expect(urlOrPath.safeParse(value).success).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "data:text/html,<b>",
    "//evil.example/x",
    "/\\evil.example",
    "ftp://x",
    "uploads/a.jpg",
    "",
  ])("refuses %s", (value) => {
    expect(urlOrPath.safeParse(value).success).toBe(false);
  });
});
