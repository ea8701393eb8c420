import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { box, concat } from "../../../tests/media.ts";
import { mp4Duration } from "./mp4-duration";

function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const payload = new Uint8Array(version === 1 ? 112 : 100);
  const view = new DataView(payload.buffer);
  view.setUint8(0, version);
  if (version === 1) {
    view.setUint32(20, timescale);
    view.setBigUint64(24, BigInt(duration));
  } else {
    view.setUint32(12, timescale);
    view.setUint32(16, duration);
  }
  return box("mvhd", payload);
}

describe("mp4Duration", () => {
  it("reads a version 0 movie header after other boxes", () => {
    const file = concat(
      box("ftyp", new Uint8Array(8)),
      box("free", new Uint8Array(3)),
      box("moov", mvhd(0, 1000, 7040)),
    );
    expect(mp4Duration(file)).toBe(7);
  });

  it("reads a version 1 (64-bit) movie header", () => {
    expect(mp4Duration(box("moov", mvhd(1, 90000, 90000 * 125)))).toBe(125);
  });

  it("is null for anything that is not an MP4", () => {
    expect(mp4Duration(new TextEncoder().encode("<html>not a video</html>"))).toBeNull();
    expect(mp4Duration(new Uint8Array())).toBeNull();
    expect(mp4Duration(box("moov", box("trak", new Uint8Array(4))))).toBeNull();
    expect(mp4Duration(box("moov", mvhd(0, 0, 10)))).toBeNull();
  });

  it("does not read past a truncated box", () => {
    const truncated = box("moov", mvhd(0, 1000, 5000)).subarray(0, 40);
    expect(mp4Duration(truncated)).toBeNull();
  });

  it("reads every sample video as a few seconds long", () => {
    const dir = path.resolve("content/media/videos");
    const files = readdirSync(dir).filter((f) => f.endsWith(".mp4"));
    expect(files).toHaveLength(6);
    for (const file of files) {
      const seconds = mp4Duration(readFileSync(path.join(dir, file)));
      expect(seconds, file).toBeGreaterThanOrEqual(2);
      expect(seconds, file).toBeLessThanOrEqual(30);
    }
  });
});
