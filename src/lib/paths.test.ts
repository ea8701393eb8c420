import { describe, expect, it } from "vitest";
import { categoryHref, postPath, videoPath } from "./paths";

describe("categoryHref", () => {
  it("encodes the category into the archive query", () => {
    expect(categoryHref("Grey Days Sharp Eyes")).toBe("/archive?category=Grey%20Days%20Sharp%20Eyes");
  });
});

describe("postPath and videoPath", () => {
  it("name an item's page by its slug", () => {
    expect(postPath("the-sandwich-was-fine")).toBe("/post/the-sandwich-was-fine");
    expect(videoPath("ceiling-tiles-ranked")).toBe("/videos/ceiling-tiles-ranked");
  });
});
