import { describe, expect, it } from "vitest";
import { keyMoments } from "./key-moments";

describe("keyMoments", () => {
  it("makes a Clip per chapter linking to the page at its start", () => {
    const chapters = [
      { start: 0, end: 2.5, title: "Intro" },
      { start: 2.5, end: 7, title: "Steam" },
    ];
    expect(keyMoments(chapters, "https://example.com/videos/kettle")).toEqual([
      { "@type": "Clip", name: "Intro", startOffset: 0, endOffset: 3, url: "https://example.com/videos/kettle#t=0" },
      { "@type": "Clip", name: "Steam", startOffset: 2, endOffset: 7, url: "https://example.com/videos/kettle#t=2" },
    ]);
  });
});
