import { describe, expect, it } from "vitest";
import { media } from "../../../tests/media.ts";
import { detectType, SAMPLE_BYTES } from "./detect-type.server";

// As normalize reads a file: its first SAMPLE_BYTES, and its whole size.
const detect = async (file: () => Promise<Uint8Array> | Uint8Array) => {
  const bytes = await file();
  return detectType(bytes.subarray(0, SAMPLE_BYTES), bytes.length);
};

describe("detectType", () => {
  it.each([
    ["jpeg", "image", "image/jpeg", "jpg"],
    ["png", "image", "image/png", "png"],
    ["apng", "image", "image/png", "png"],
    ["webp", "image", "image/webp", "webp"],
    ["gif", "image", "image/gif", "gif"],
    ["avif", "image", "image/avif", "avif"],
    ["mp4", "video", "video/mp4", "mp4"],
    ["webm", "video", "video/webm", "webm"],
  ] as const)("knows a real %s", async (name, kind, mime, ext) => {
    expect(await detect(media[name])).toEqual({ kind, mime, ext });
  });

  // file-type names HEIC, QuickTime and M4A for what they are, where the magic numbers
  // this replaced called every `ftyp` file an MP4.
  it.each([
    "heic",
    "heif",
    "mov",
    "m4a",
    "svgInFtyp",
    "svgAsBrands",
    "svg",
    "html",
    "pdf",
    "tiff",
    "matroska",
  ] as const)("refuses %s", async (name) => {
    expect(await detect(media[name])).toBeNull();
  });

  it("refuses an MP4 whose boxes run past the end of the file, and nothing at all", async () => {
    const mp4 = await media.mp4();
    expect(await detectType(mp4.subarray(0, 100), 100)).toBeNull();
    expect(await detectType(new Uint8Array(), 0)).toBeNull();
  });
});
