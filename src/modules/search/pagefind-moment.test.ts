import { describe, expect, it } from "vitest";
import { pagefindMoment } from "./pagefind-moment";

// A page as Pagefind keeps it: "Kettle. It boils. The kettle whistles now. Nobody comes."
const anchors = [
  { id: "t=12", text: "The kettle whistles now", location: 3 },
  { id: "t=20", text: "Nobody comes", location: 7 },
  { id: "transcript-heading", text: "Transcript", location: 0 },
];

describe("pagefindMoment", () => {
  it("is the first line said that holds a match, its matched words marked", () => {
    expect(pagefindMoment(anchors, [0, 4, 8])).toEqual({
      start: 12,
      snippet: [
        { text: "The ", match: false },
        { text: "kettle", match: true },
        { text: " whistles now", match: false },
      ],
    });
    expect(pagefindMoment(anchors, [8])?.start).toBe(20);
  });

  it("is none for a match outside the lines said, or a page without them", () => {
    expect(pagefindMoment(anchors, [0, 1])).toBeNull();
    expect(pagefindMoment([], [3])).toBeNull();
  });
});
