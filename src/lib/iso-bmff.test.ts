import { describe, expect, it } from "vitest";
import { box, concat, ftyp } from "../../tests/media.ts";
import { hasIsoBmffLayout } from "./iso-bmff";

const whole = (bytes: Uint8Array) => hasIsoBmffLayout(bytes, bytes.length);
const MP4_FTYP = ftyp("isom", "isom", "mp41");

describe("hasIsoBmffLayout", () => {
  it("accepts an ftyp box then file-level boxes that tile the file", () => {
    expect(whole(concat(MP4_FTYP, box("free"), box("mdat", new Uint8Array(20))))).toBe(true);
    // A box may run to the end of the file (size 0), or give a 64-bit size (size 1).
    expect(whole(concat(MP4_FTYP, Uint8Array.of(0, 0, 0, 0), "mdat", new Uint8Array(9)))).toBe(true);
    const large = concat(Uint8Array.of(0, 0, 0, 1), "mdat", Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 20), "abcd");
    expect(whole(concat(MP4_FTYP, large))).toBe(true);
  });

  it("judges only what was read of a longer file", () => {
    const head = concat(MP4_FTYP, box("moov", new Uint8Array(100)), "md");
    expect(hasIsoBmffLayout(head, 1_000_000)).toBe(true);
  });

  it.each([
    ["no ftyp box first", concat(box("free"), MP4_FTYP)],
    ["a brand that is not text", concat(ftyp("is\x00m"), box("free"))],
    ["an unknown box after ftyp", concat(MP4_FTYP, box("<svg"))],
    ["text after ftyp", concat(MP4_FTYP, "<svg/>")],
    ["a box running past the end", concat(MP4_FTYP, box("mdat", new Uint8Array(20)).subarray(0, 20))],
    ["stray bytes at the end", concat(MP4_FTYP, box("free"), "x")],
  ])("refuses %s", (_, bytes) => {
    expect(whole(bytes)).toBe(false);
  });
});
