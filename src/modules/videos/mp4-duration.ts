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
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = from;
  while (offset + 8 <= to) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) return null;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) return null;
    const name = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (name === type) return { start: offset + header, end: offset + size };
    offset += size;
  }
  return null;
}
