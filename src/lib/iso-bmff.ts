/** The header of one ISO BMFF box (MP4, AVIF, HEIF and QuickTime files are lists of boxes). */
export interface BoxHeader {
  /** The four-character type, such as `moov`. */
  type: string;
  /** Bytes of the header: 8, or 16 with a 64-bit size. */
  header: number;
  /** Bytes of the whole box, header included; null for a box running to the end of the file. */
  size: number | null;
}

const fourCc = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

/**
 * The header of the box at `offset`, or null when the header does not fit before `to`.
 * @example boxHeader(mp4, 0) // { type: "ftyp", header: 8, size: 32 }
 */
export function boxHeader(bytes: Uint8Array, offset: number, to = bytes.length): BoxHeader | null {
  if (offset + 8 > to) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(offset);
  const type = fourCc(bytes, offset + 4);
  if (size === 0) return { type, header: 8, size: null };
  if (size !== 1) return { type, header: 8, size };
  if (offset + 16 > to) return null;
  return { type, header: 16, size: Number(view.getBigUint64(offset + 8)) };
}

// ISO/IEC 14496-12's file-level boxes, plus QuickTime's `wide`, which MP4 muxers also write.
const FILE_LEVEL = new Set(
  "ftyp styp pdin moov moof mfra mdat meta meco free skip wide sidx ssix prft emsg uuid".split(" "),
);
const BRAND = /^[\x20-\x7e]{4}$/;

/**
 * Whether `head`, the first bytes of a file of `size` bytes, is laid out as ISO BMFF: an
 * `ftyp` box of printable brands first, then only file-level boxes, each within the file.
 * Detectors name the type from `ftyp`'s first 12 bytes alone, so without this any bytes
 * (an SVG, say) behind a borrowed `ftyp` box pass for an MP4.
 */
export function hasIsoBmffLayout(head: Uint8Array, size: number): boolean {
  const ftyp = boxHeader(head, 0);
  const end = ftyp?.size ?? 0;
  if (ftyp?.type !== "ftyp" || ftyp.header !== 8 || end < 16 || end > head.length || end % 4 !== 0) return false;
  // The major brand, then (past the 4-byte minor version) the compatible brands.
  const brands = [8, ...Array.from({ length: (end - 16) / 4 }, (_, i) => 16 + 4 * i)];
  if (!brands.every((at) => BRAND.test(fourCc(head, at)))) return false;
  let offset = end;
  while (offset < head.length) {
    const box = boxHeader(head, offset);
    // A header cut off by the end of what was read is judged no further.
    if (!box) return head.length < size;
    if (!FILE_LEVEL.has(box.type)) return false;
    if (box.size === null) return true;
    if (box.size < box.header || offset + box.size > size) return false;
    offset += box.size;
  }
  return true;
}
