import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream";
import { pickEncoding } from "@/lib/http-policy";
import type { WantedHeaders } from "@/server/stored-response";
import type { ServedFile } from "../modules/search/pagefind-files.server";

/** Where the index is served from. */
export const PAGEFIND_PREFIX = "/pagefind/";

/**
 * The policy of the index's files, which is also the Pagefind worker's own CSP (a worker
 * runs under its script's response headers): its scripts and WASM from the site, its
 * fetches to the site, nothing else.
 */
const PAGEFIND_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

/**
 * Send one of the index's files from disk: compressed when the client takes it and the file
 * has a compressed copy, 304 when the client's copy is current.
 */
export function sendIndexFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ServedFile,
  wanted: WantedHeaders,
  security: [string, string][],
): void {
  const picked = pickEncoding(wanted.acceptEncoding);
  const encoding = picked !== "identity" && file.files[picked] ? picked : "identity";
  const etag = encoding === "identity" ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
  const headers: Record<string, string> = {
    ...Object.fromEntries(security),
    "Content-Security-Policy": PAGEFIND_CSP,
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: etag,
  };
  if (file.files.br) headers.Vary = "Accept-Encoding";
  if (wanted.ifNoneMatch === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  if (encoding === "identity") headers["Content-Length"] = String(file.size);
  else headers["Content-Encoding"] = encoding;
  const stream = createReadStream(file.files[encoding] ?? file.files.identity);
  stream.once("error", () => {
    // Pruned between the lookup and the read: gone, as far as this client can tell.
    if (res.headersSent) res.destroy();
    else res.writeHead(404, { ...Object.fromEntries(security), "Cache-Control": "no-store" }).end();
  });
  stream.once("open", () => {
    // A visitor who left while the file opened gets nothing, and the file is closed now.
    if (res.destroyed || req.method === "HEAD") {
      stream.destroy();
      if (!res.destroyed) res.writeHead(200, headers).end();
      return;
    }
    res.writeHead(200, headers);
    // pipeline, not pipe: a visitor who hangs up mid-file closes the file too.
    pipeline(stream, res, () => undefined);
  });
}
