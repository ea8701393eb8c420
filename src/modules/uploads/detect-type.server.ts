import { fileTypeFromBuffer } from "file-type";
import { hasIsoBmffLayout } from "@/lib/iso-bmff";
import { UPLOADABLE_TYPES, uploadKindOf, type UploadableType, type UploadKind } from "./contract";
import { hasWebVttSignature } from "./webvtt.server";

/** What an upload is, by what its bytes say, never by its name or declared type. */
export interface DetectedType {
  kind: UploadKind;
  mime: UploadableType;
  ext: string;
}

/** How much of a file detection reads: file-type's documented sample size (its `sampleSize` default). */
export const SAMPLE_BYTES = 4100;

// Types whose container is ISO BMFF, which file-type names from the `ftyp` box alone.
const ISO_BMFF: ReadonlySet<UploadableType> = new Set(["video/mp4", "image/avif"]);

/**
 * The type of a file from `head`, its first SAMPLE_BYTES (or all, when shorter), given its
 * whole `size`; null for anything uploads do not take. That includes SVG and HTML, which
 * can carry scripts, and the other `ftyp` types (HEIC, QuickTime, M4A audio). WebVTT, which
 * is text, is told by its signature (file-type knows no text formats).
 * @example await detectType(jpegBytes, jpegBytes.length) // { kind: "image", mime: "image/jpeg", ext: "jpg" }
 */
export async function detectType(head: Uint8Array, size: number): Promise<DetectedType | null> {
  if (hasWebVttSignature(head)) return { kind: "captions", mime: "text/vtt", ext: "vtt" };
  const found = await fileTypeFromBuffer(head);
  // An animated PNG is still a PNG (PNG, third edition), and browsers send it as one.
  const { mime: named, ext } = found?.mime === "image/apng" ? { mime: "image/png", ext: "png" } : (found ?? {});
  const mime = UPLOADABLE_TYPES.find((type) => type === named);
  if (!mime || !ext) return null;
  if (ISO_BMFF.has(mime) && !hasIsoBmffLayout(head, size)) return null;
  return { kind: uploadKindOf(mime), mime, ext };
}
