import { readFile } from "node:fs/promises";
import sharp from "sharp";

/** Bytes and ASCII text, one after another. */
export function concat(...parts: (Uint8Array | string)[]): Uint8Array<ArrayBuffer> {
  const bytes = parts.map((part) => (typeof part === "string" ? new TextEncoder().encode(part) : part));
  const out = new Uint8Array(bytes.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of bytes) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** An ISO BMFF box: 32-bit size, type, payload. */
export function box(type: string, payload: Uint8Array = new Uint8Array()): Uint8Array<ArrayBuffer> {
  const out = concat(new Uint8Array(4), type, payload);
  new DataView(out.buffer).setUint32(0, out.length);
  return out;
}

/** An `ftyp` box: the major brand, minor version 0, then the compatible brands. */
export const ftyp = (major: string, ...compatible: string[]) =>
  box("ftyp", concat(major, new Uint8Array(4), ...compatible));

// An EBML element with a payload under 127 bytes (a one-byte size).
const element = (id: number[], payload: Uint8Array | string) =>
  concat(Uint8Array.from(id), Uint8Array.of(0x80 | concat(payload).length), payload);

/** The EBML header Matroska and WebM files open with, then an open-ended Segment. */
export const ebml = (docType: string) =>
  concat(
    element(
      [0x1a, 0x45, 0xdf, 0xa3],
      concat(
        element([0x42, 0x86], Uint8Array.of(1)),
        element([0x42, 0xf7], Uint8Array.of(1)),
        element([0x42, 0xf2], Uint8Array.of(4)),
        element([0x42, 0xf3], Uint8Array.of(8)),
        element([0x42, 0x82], docType),
        element([0x42, 0x87], Uint8Array.of(4)),
        element([0x42, 0x85], Uint8Array.of(2)),
      ),
    ),
    Uint8Array.of(0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  );

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** A 4x4 grey picture from sharp's encoders. */
const picture = (format: "png" | "webp" | "gif" | "avif" | "tiff") =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#888888" } })
    .toFormat(format)
    .toBuffer();

/**
 * Small files as uploads meet them: real ones from the sample content and sharp, and byte
 * by byte where no encoder is at hand (HEIC, QuickTime, M4A, WebM headers).
 */
export const media = {
  jpeg: () => readFile("content/media/posts/the-sandwich-was-fine-cover.jpg"),
  png: () => picture("png"),
  webp: () => picture("webp"),
  gif: () => picture("gif"),
  avif: () => picture("avif"),
  tiff: () => picture("tiff"),
  /** A PNG with an animation control chunk after its header: an animated PNG. */
  apng: async () => {
    const png = await picture("png");
    const afterHeader = 8 + 25;
    const acTL = concat(Uint8Array.of(0, 0, 0, 8), "acTL", Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0));
    return concat(png.subarray(0, afterHeader), acTL, png.subarray(afterHeader));
  },
  mp4: () => readFile("content/media/videos/one-cloud-unremarkable.mp4"),
  webm: () => ebml("webm"),
  matroska: () => ebml("matroska"),
  heic: () => concat(ftyp("heic", "mif1", "heic"), box("meta", new Uint8Array(4)), box("mdat", new Uint8Array(16))),
  heif: () => concat(ftyp("mif1", "mif1", "heic"), box("meta", new Uint8Array(4)), box("mdat", new Uint8Array(16))),
  mov: () => concat(ftyp("qt  ", "qt  "), box("wide"), box("mdat", new Uint8Array(16))),
  m4a: () => concat(ftyp("M4A ", "M4A ", "mp42", "isom"), box("mdat", new Uint8Array(16))),
  svg: () => concat(SVG),
  /** An SVG behind a borrowed MP4 `ftyp` box. */
  svgInFtyp: () => concat(ftyp("isom", "isom", "mp41"), SVG),
  /** An SVG whose first bytes pass for an `ftyp` box of printable brands. */
  svgAsBrands: () => concat(Uint8Array.of(0, 0, 0, 0x18), "ftyp", SVG),
  html: () => concat("<!doctype html><script>alert(1)</script>"),
  pdf: () => concat("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
};
