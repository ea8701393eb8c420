import webvtt from "webvtt-parser";

const SIGNATURE = new TextEncoder().encode("WEBVTT");
const BOM = [0xef, 0xbb, 0xbf];
// What may follow the signature (WebVTT §4.1): a space, a tab, a line break, or the end.
const AFTER_SIGNATURE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether `head` begins as a WebVTT file must: an optional byte order mark, then "WEBVTT" alone or followed by a space, tab or line break. */
export function hasWebVttSignature(head: Uint8Array): boolean {
  const start = BOM.every((byte, i) => head[i] === byte) ? BOM.length : 0;
  if (!SIGNATURE.every((byte, i) => head[start + i] === byte)) return false;
  const next = head[start + SIGNATURE.length];
  return next === undefined || AFTER_SIGNATURE.has(next);
}

/**
 * What is wrong with a WebVTT file, by the W3C's own validator, or null when nothing is:
 * UTF-8 text with no NUL, and every cue with well-formed timings that end after they start.
 */
export function webVttFault(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "It is not UTF-8 text";
  }
  if (text.includes("\0")) return "It holds a NUL character";
  const [first] = new webvtt.WebVTTParser().parse(text, "metadata").errors;
  return first ? `Line ${String(first.line)}: ${first.message}` : null;
}
