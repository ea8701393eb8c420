import { describe, expect, it } from "vitest";
import { clampRating, mediaUrl, urlOrPath } from "./form-fields";

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

describe("mediaUrl", () => {
  it("refuses an upload kept as the other kind, and takes seeded media and other sites as they are", () => {
    expect(mediaUrl("image").safeParse("/uploads/videos/abc.mp4").error?.issues[0]?.message).toBe(
      "Must be an image, not a video",
    );
    expect(mediaUrl("video").safeParse("/uploads/images/abc.jpg").success).toBe(false);
    for (const link of ["/uploads/images/abc.jpg", "/uploads/seed/a.jpg", "https://example.com/videos/x.mp4"]) {
      expect(mediaUrl("image").safeParse(link).success, link).toBe(true);
    }
    expect(mediaUrl("video").safeParse("/uploads/seed/kettle.mp4").success).toBe(true);
    expect(mediaUrl("image").safeParse("javascript:alert(1)").success).toBe(false);
  });
});
