import { describe, expect, it } from "vitest";
import { mediaUrl } from "./media-url";

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

  it.each([
    ["/.//api/objects/upload-url", "Must not be an address of the site's API"],
    ["/%2561pi/objects/upload-url", "Must not be an address of the site's API"],
    ["/uploads/..%2fadmin", "Must not be an address of the site's admin pages"],
  ])("refuses %j, which every page showing it would make its readers call", (value, message) => {
    for (const kind of ["image", "video", "captions"] as const) {
      expect(mediaUrl(kind).safeParse(value).error?.issues[0]?.message).toBe(message);
    }
  });

  it.each(["javascript:alert(1)", "//evil.example/x.jpg", "uploads/a.jpg", ""])(
    "refuses %j, as any link field does",
    (value) => {
      expect(mediaUrl("image").safeParse(value).success).toBe(false);
      expect(mediaUrl("video").safeParse(value).success).toBe(false);
    },
  );
});
