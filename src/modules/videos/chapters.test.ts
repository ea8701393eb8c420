import { describe, expect, it } from "vitest";
import { chaptersFromCues, chaptersFromDescription } from "./chapters";
import { transcriptCues } from "./transcript";

describe("chaptersFromDescription", () => {
  it("lists the time lines as chapters, each ending where the next starts", () => {
    const description = "A slow film.\n\n0:00 Intro\n1:23 - The kettle\n1:02:03 Outro\nThanks for watching.";
    expect(chaptersFromDescription(description, 4000)).toEqual([
      { start: 0, end: 83, title: "Intro" },
      { start: 83, end: 3723, title: "The kettle" },
      { start: 3723, end: 4000, title: "Outro" },
    ]);
  });

  it("lists none from a single time line", () => {
    expect(chaptersFromDescription("0:00 Intro\nThe rest is silence.", 60)).toEqual([]);
  });

  it("lists none when the first is not at 0:00", () => {
    expect(chaptersFromDescription("0:05 Intro\n0:30 Middle", 60)).toEqual([]);
  });

  it("lists none when the times do not ascend", () => {
    expect(chaptersFromDescription("0:00 Intro\n0:30 Middle\n0:20 Back", 60)).toEqual([]);
    expect(chaptersFromDescription("0:00 Intro\n0:00 Again", 60)).toEqual([]);
  });

  it("lists none when a chapter starts after the video ends", () => {
    expect(chaptersFromDescription("0:00 Intro\n2:00 Later", 60)).toEqual([]);
  });

  it("ignores times inside sentences", () => {
    expect(chaptersFromDescription("It boils at 7:00 most days.\nAt 7:05 it clicks off.", 600)).toEqual([]);
  });
});

describe("chaptersFromCues", () => {
  it("lists a chapters track's cues in order, each ending where the next starts, inside the video", () => {
    const track = [
      "WEBVTT",
      "",
      "00:01:00.000 --> 00:02:30.000",
      "The <i>middle</i> part",
      "",
      "00:00:00.000 --> 00:00:50.000",
      "Switched on",
      "",
      "00:02:00.000 --> 00:09:00.000",
      "Steam &amp; after",
    ].join("\n");
    expect(chaptersFromCues(transcriptCues(track) ?? [], 300)).toEqual([
      { start: 0, end: 60, title: "Switched on" },
      { start: 60, end: 120, title: "The middle part" },
      { start: 120, end: 300, title: "Steam & after" },
    ]);
  });

  it("lists none from one cue, from two at one time, or from one past the end", () => {
    const cue = (start: number, text: string) => ({ start, end: start + 1, text });
    expect(chaptersFromCues([cue(0, "All of it")], 60)).toEqual([]);
    expect(chaptersFromCues([cue(0, "A"), cue(0, "B")], 60)).toEqual([]);
    expect(chaptersFromCues([cue(0, "A"), cue(90, "B")], 60)).toEqual([]);
  });
});
