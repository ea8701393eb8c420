/** What an upload may be, by what its bytes say it is, never by its name or declared type. */
export type DetectedType =
  | { kind: "image"; mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif"; ext: string }
  | { kind: "video"; mime: "video/mp4" | "video/webm"; ext: string };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The type of a file from its first bytes (magic numbers), or null for anything else,
 * SVG and HTML included: those can carry scripts.
 * @example detectType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) // { kind: "image", mime: "image/jpeg", ext: "jpg" }
 */
export function detectType(head: Uint8Array): DetectedType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: "image", mime: "image/jpeg", ext: "jpg" };
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return { kind: "image", mime: "image/png", ext: "png" };
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")
    return { kind: "image", mime: "image/gif", ext: "gif" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP")
    return { kind: "image", mime: "image/webp", ext: "webp" };
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return { kind: "image", mime: "image/avif", ext: "avif" };
    return { kind: "video", mime: "video/mp4", ext: "mp4" };
  }
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { kind: "video", mime: "video/webm", ext: "webm" };
  return null;
}
