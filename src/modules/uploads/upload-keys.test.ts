import { describe, expect, it } from "vitest";
import { isServedKey, newRawKey, rawKeyOwner, resizableKey } from "./upload-keys";

describe("resizableKey", () => {
  it.each([
    ["/uploads/images/abc.jpg", "images/abc.jpg"],
    ["/uploads/seed/kettle-poster.jpg", "seed/kettle-poster.jpg"],
    ["/uploads/raw/image/1/abcdefghijklmnopqrstuvwxyz", null],
    ["/uploads/videos/abc.mp4", null],
    ["/uploads/images", null],
    ["/uploads/seedling/a.jpg", null],
    ["/uploads/images/../raw/image/abc", null],
    ["/uploads/%72aw/image/abc", null],
    ["/uploads/images/a%2Fb.jpg", null],
    ["/images/placeholder.svg", null],
    ["https://elsewhere.example/uploads/images/a.jpg", null],
  ])("%s is %s", (href, key) => {
    expect(resizableKey(href)).toBe(key);
  });
});

describe("isServedKey", () => {
  it.each([
    ["images/abc.jpg", true],
    ["videos/abc.mp4", true],
    ["seed/kettle.vtt", true],
    ["raw/image/1/abcdefghijklmnopqrstuvwxyz", false],
    ["raw", false],
    ["backups/backup-2026-11-28-031705-k3f9qa.zip", false],
    ["../raw/x", false],
    ["/raw/image/x", false],
  ])("%s is %s", (key, served) => {
    expect(isServedKey(key)).toBe(served);
  });
});

describe("rawKeyOwner", () => {
  it("reads the kind and the account a fresh key was handed out for", () => {
    expect(rawKeyOwner(newRawKey("captions", 42))).toEqual({ kind: "captions", userId: 42 });
  });

  it.each([
    "raw/image/abcdefghijklmnopqrstuvwxyz",
    "raw/image/0/abcdefghijklmnopqrstuvwxyz",
    "raw/image/1/../2/abcdefghijklmnopqrstuvwxyz",
    "raw/audio/1/abcdefghijklmnopqrstuvwxyz",
    "raw/image/1/abcdefghijklmnopqrstuvwxy",
    "images/1/abcdefghijklmnopqrstuvwxyz",
  ])("refuses %s", (key) => {
    expect(rawKeyOwner(key)).toBeNull();
  });
});
