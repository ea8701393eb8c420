import { describe, expect, it } from "vitest";
import { clampRating, integer, INTEGER_RANGE, urlOrPath } from "./form-fields";

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
  it.each([
    "/uploads/a.jpg",
    "https://example.com/x.png",
    "http://example.com",
    "HTTPS://example.com/x.png",
    // Escaped slashes stay in the path: the browser asks this site for them.
    "/%2F%2Fevil.example/x.png",
  ])("accepts %s", (value) => {
    expect(urlOrPath.safeParse(value).success).toBe(true);
  });

  // What the browser would load from each: another site, or something other than http(s).
  it.each([
    ["a tab in //", "/\t/evil.example/x.png"],
    ["a newline in //", "/\n/evil.example/x.png"],
    ["a carriage return in //", "/\r/evil.example/x.png"],
    ["a tab in the scheme", "java\tscript:alert(1)"],
    ["a backslash for a slash", "/\\evil.example/x.png"],
    ["two backslashes", "\\\\evil.example/x.png"],
    ["a NUL", "/uploads/a\u0000.jpg"],
    ["a space inside", "/uploads/a b.jpg"],
    ["a no-break space inside", "/uploads/a\u00a0b.jpg"],
    ["a protocol-relative URL", "//evil.example/x"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<b>"],
    ["ftp:", "ftp://x"],
    ["an escaped relative path", "%2F%2Fevil.example/x.png"],
    ["a relative path", "uploads/a.jpg"],
    ["nothing", ""],
  ])("refuses %s", (_, value) => {
    expect(urlOrPath.safeParse(value).success).toBe(false);
  });

  it("says why a URL with control characters is refused", () => {
    expect(urlOrPath.safeParse("/\t/evil.example/x.png").error?.issues[0]?.message).toBe(
      "Must not contain spaces, control characters or backslashes",
    );
  });
});

describe("integer", () => {
  const firstIssue = (value: unknown) => integer().safeParse(value).error?.issues[0]?.message;

  it.each([INTEGER_RANGE.min, -0, 0, INTEGER_RANGE.max])("takes %d, which an integer column holds", (value) => {
    expect(integer().safeParse(value).success).toBe(true);
  });

  it.each([
    [2 ** 31, "Must be at most 2147483647"],
    [-(2 ** 31) - 1, "Must be at least -2147483648"],
    [2 ** 53, "Must be at most 2147483647"],
    [-(2 ** 53), "Must be at least -2147483648"],
    [1e308, "Must be at most 2147483647"],
    [1.5, "Must be a whole number"],
    [Infinity, "Must be a number"],
    ["1", "Must be a number"],
  ])("refuses %j: %s", (value, message) => {
    expect(firstIssue(value)).toBe(message);
  });

  it("narrows to the field's bounds but never past the column's, naming the field when asked", () => {
    expect(integer({ min: 1, max: 2 ** 40 }).safeParse(2 ** 31).error?.issues[0]?.message).toBe(
      "Must be at most 2147483647",
    );
    expect(integer({ min: 1, name: "Page" }).safeParse(0).error?.issues[0]?.message).toBe("Page must be at least 1");
  });
});
