import { describe, expect, it } from "vitest";
import { newSlug, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    ["The Sandwich Was Fine", "the-sandwich-was-fine"],
    ["  Hold Music, Movement Two  ", "hold-music-movement-two"],
    ["Chair #4 -- left_of the ficus!", "chair-4-left-of-the-ficus"],
    ["---Already-hyphenated---", "already-hyphenated"],
    ["Café, naïve", "cafe-naive"],
    ["Héllo Ünïcode", "hello-unicode"],
    ["Straße Ærø Łódź", "strasse-aero-lodz"],
    ["ﬁnally ①", "finally-1"],
    ["Ωμέγα", ""],
    ["!!!", ""],
  ])("%j becomes %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug", () => {
    expect(uniqueSlug("meh", new Set(["other"]))).toBe("meh");
  });
  it("adds the first free numeric suffix", () => {
    expect(uniqueSlug("meh", new Set(["meh", "meh-1", "meh-3"]))).toBe("meh-2");
  });
});

describe("newSlug", () => {
  it("is the title's slug made unique", () => {
    expect(newSlug("Meh", "post", new Set(["meh"]))).toBe("meh-1");
  });
  it("falls back when the title leaves nothing", () => {
    expect(newSlug("!!!", "video", new Set(["video"]))).toBe("video-1");
  });
});
