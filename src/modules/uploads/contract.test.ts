import { describe, expect, it } from "vitest";
import { MULTIPART_LIMITS, partSize, servedKindOf, uploadKindOf, UPLOADABLE_TYPES } from "./contract";

it("gives every uploadable type a kind", () => {
  expect(UPLOADABLE_TYPES.map(uploadKindOf)).toEqual([
    ...["image", "image", "image", "image", "image"],
    ...["video", "video"],
    "captions",
  ]);
});

describe("servedKindOf", () => {
  it.each([
    ["/uploads/images/abc.jpg", "image"],
    ["/uploads/videos/abc.mp4", "video"],
    ["/uploads/captions/abc.vtt", "captions"],
    ["/uploads/images/../videos/abc.mp4", "video"],
    ["/uploads/%76ideos/abc.mp4", "video"],
    ["/uploads/videos/abc.mp4?x=1#t", "video"],
    ["/uploads/seed/kettle.mp4", null],
    ["/uploads/raw/image/abc", null],
    ["/images/placeholder.svg", null],
    ["https://elsewhere.example/uploads/videos/abc.mp4", null],
    ["/uploads/%E0%A4%A/x", null],
  ])("%s is %s", (link, kind) => {
    expect(servedKindOf(link)).toBe(kind);
  });
});

describe("partSize", () => {
  const MB = 1024 * 1024;
  it.each([
    [101 * MB, 5 * MB],
    [600 * MB, 5 * MB],
    [5 * 1024 * MB, Math.ceil((5 * 1024 * MB) / 1000)],
  ])("cuts %i bytes into parts of %i", (size, part) => {
    expect(partSize(size)).toBe(part);
  });

  it("never makes more parts than one ListParts lists, nor parts under 5 MB", () => {
    for (const size of [1, 5 * MB, 4999 * MB, 5 * 1024 * MB]) {
      expect(Math.ceil(size / partSize(size))).toBeLessThanOrEqual(MULTIPART_LIMITS.listedParts);
      expect(partSize(size)).toBeGreaterThanOrEqual(MULTIPART_LIMITS.minPartBytes);
    }
  });
});
