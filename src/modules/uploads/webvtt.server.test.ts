import { describe, expect, it } from "vitest";
import { hasWebVttSignature, webVttFault } from "./webvtt.server";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("hasWebVttSignature", () => {
  it.each([
    ["WEBVTT\n\n", true],
    ["WEBVTT", true],
    ["WEBVTT - with a title\n", true],
    ["\uFEFFWEBVTT\r\n", true],
    ["WEBVTTX\n", false],
    ["webvtt\n", false],
    [" WEBVTT\n", false],
    ["<html>WEBVTT", false],
  ])("%j → %s", (text, expected) => {
    expect(hasWebVttSignature(bytes(text))).toBe(expected);
  });
});

describe("webVttFault", () => {
  it("finds nothing wrong with well-formed captions", () => {
    expect(webVttFault(bytes("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500 line:90%\nA tile.\n"))).toBeNull();
  });

  it("names the first fault and its line", () => {
    expect(webVttFault(bytes("WEBVTT\n\n00:00.000 --> 00:00.000\nNo time at all\n"))).toBe(
      "Line 3: End timestamp is not greater than start timestamp.",
    );
  });

  it("refuses what is not UTF-8 text, or holds a NUL", () => {
    expect(webVttFault(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toBe(
      "It is not UTF-8 text",
    );
    expect(webVttFault(bytes("WEBVTT\n\n00:00.000 --> 00:01.000\nA\u0000B\n"))).toBe("It holds a NUL character");
  });
});
