import { boxHeader } from "@/lib/iso-bmff";

/**
 * The duration in whole seconds of an MP4 (ISO BMFF) file, read from its `moov/mvhd`
 * box, or null when the bytes are not an MP4 with a movie header.
 * Reads only box headers, so it is safe on untrusted files.
 */
export function mp4Duration(bytes: Uint8Array): number | null {
  const moov = findBox(bytes, 0, bytes.length, "moov");
  if (!moov) return null;
  const mvhd = findBox(bytes, moov.start, moov.end, "mvhd");
  if (!mvhd || mvhd.end - mvhd.start < 32) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + mvhd.start, mvhd.end - mvhd.start);
  const version = view.getUint8(0);
  const timescale = view.getUint32(version === 1 ? 20 : 12);
  const duration = version === 1 ? Number(view.getBigUint64(24)) : view.getUint32(16);
  if (timescale === 0) return null;
  return Math.round(duration / timescale);
}

interface Box {
  /** First byte of the box's payload. */
  start: number;
  /** One past its last byte. */
  end: number;
}

function findBox(bytes: Uint8Array, from: number, to: number, type: string): Box | null {
  let offset = from;
  while (offset + 8 <= to) {
    const box = boxHeader(bytes, offset, to);
    if (!box) return null;
    const size = box.size ?? to - offset;
    if (size < box.header || offset + size > to) return null;
    if (box.type === type) return { start: offset + box.header, end: offset + size };
    offset += size;
  }
  return null;
}
