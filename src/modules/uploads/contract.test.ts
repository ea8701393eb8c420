import { describe, expect, it } from "vitest";
import { servedKindOf, uploadKindOf, UPLOADABLE_TYPES } from "./contract";

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
