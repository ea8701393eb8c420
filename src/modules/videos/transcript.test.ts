import { describe, expect, it } from "vitest";
import { plainCueText, transcriptCues } from "./transcript";

describe("transcriptCues", () => {
  it("reads cues in order with their times", () => {
    const vtt =
      "WEBVTT\n\n00:00:00.500 --> 00:00:02.500\n[a kettle, switched on]\n\n1\n00:01:05.000 --> 00:01:07.250\nSteam, eventually.\n";
    expect(transcriptCues(vtt)).toEqual([
      { start: 0.5, end: 2.5, text: "[a kettle, switched on]" },
      { start: 65, end: 67.25, text: "Steam, eventually." },
    ]);
  });

  it("drops voice, italic and other tags and keeps what is said", () => {
    const vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ann>Hello <i>there</i>, <b.loud>you</b> &amp; <c.x>me</c></v>\n";
    expect(transcriptCues(vtt)?.[0]?.text).toBe("Hello there, you & me");
  });

  it("joins a cue's lines into one", () => {
    const vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\n<v.first Ann>It boils\n<v Bob>eventually\n";
    expect(transcriptCues(vtt)?.[0]?.text).toBe("It boils eventually");
  });

  it("shows no transcript for a file that is not WebVTT", () => {
    expect(transcriptCues("1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n")).toBeNull();
    expect(transcriptCues("\u0000\u0001binary\uFFFD")).toBeNull();
  });

  it("shows no transcript for an empty file or one with no cue", () => {
    expect(transcriptCues("")).toBeNull();
    expect(transcriptCues("WEBVTT\n")).toBeNull();
    expect(transcriptCues("WEBVTT\n\n00:00.000 --> 00:02.000\n<i></i>\n")).toBeNull();
  });

  it("skips a cue whose timing cannot be read and keeps the rest", () => {
    const vtt =
      "WEBVTT\n\n00:03.000 --> 00:01.000\nBackwards\n\nnot a timing\nStray\n\n00:04.000 --> 00:05.000\nKept\n";
    expect(transcriptCues(vtt)).toEqual([{ start: 4, end: 5, text: "Kept" }]);
  });
});

describe("plainCueText", () => {
  it("decodes character references", () => {
    expect(plainCueText("&lt;3 &#233;t&#xe9; &nbsp;x&lrm;")).toBe("<3 été x");
  });
});
