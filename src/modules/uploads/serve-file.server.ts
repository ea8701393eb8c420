import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { lookup } from "mrmime";
import parseRange from "range-parser";

// Stored objects never change under the same key, so browsers may keep them for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";
// A stored file is data, never a document: no scripts, no plugins, no framing, even if
// someone manages to store HTML.
const SANDBOX_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
};

/**
 * `response` with the headers that keep anything under `/uploads` or `/_image` from being
 * read as a document: its declared type only (nosniff) and the sandbox. Errors carry them too.
 */
export function sandboxed(response: Response): Response {
  for (const [name, value] of Object.entries(SANDBOX_HEADERS)) response.headers.set(name, value);
  return response;
}

// Types mrmime does not know, or names otherwise than players expect.
const TYPES: Record<string, string> = {
  // An HLS playlist, as Apple names it (RFC 8216 §4); hls.js and Safari read either name.
  m3u8: "application/vnd.apple.mpegurl",
  // An HLS ladder's media segments: fragments of an MP4.
  m4s: "video/iso.segment",
};

/**
 * The Content-Type a stored file is served with, from its name.
 * @example contentTypeOf("streams/7/ab/master.m3u8") // "application/vnd.apple.mpegurl"
 */
export function contentTypeOf(name: string): string {
  return TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? lookup(name) ?? "application/octet-stream";
}

/** The headers every stored object is served with, whatever store holds it. */
export function objectHeaders(name: string, validators: { etag: string; lastModified: Date }): Headers {
  return new Headers({
    "Content-Type": contentTypeOf(name),
    ...SANDBOX_HEADERS,
    "Cache-Control": IMMUTABLE,
    "Accept-Ranges": "bytes",
    ETag: validators.etag,
    "Last-Modified": validators.lastModified.toUTCString(),
  });
}

/**
 * Answer a GET or HEAD for a stored file: its type, validators, long caching, and a single
 * byte range (206) so video players can seek. Returns null when there is no such file.
 */
export async function serveFile(request: Request, file: string): Promise<Response | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = objectHeaders(file, { etag, lastModified: info.mtime });

  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }

  let start = 0;
  let end = info.size - 1;
  let status = 200;
  const rangeHeader = request.headers.get("Range");
  // A range is honoured only while the file is the one the client started with.
  const ifRange = request.headers.get("If-Range");
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const ranges = parseRange(info.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      headers.set("Content-Range", `bytes */${info.size}`);
      return new Response(null, { status: 416, headers });
    }
    // -2 is a malformed header: ignored, as RFC 9110 allows. Several ranges get the first.
    if (ranges !== -2 && ranges.type === "bytes" && ranges[0]) {
      ({ start, end } = ranges[0]);
      status = 206;
      headers.set("Content-Range", `bytes ${start}-${end}/${info.size}`);
    }
  }
  headers.set("Content-Length", String(end - start + 1));
  if (request.method === "HEAD" || info.size === 0) return new Response(null, { status, headers });

  const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
