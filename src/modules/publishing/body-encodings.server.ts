import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The smallest brotli window (as a power of two, 10 to 24) that holds `length` bytes. At its
 * default of 4 MB, quality 9 spends some 60 ms setting up hash tables for a 30 KB page, which a
 * visitor waits for on every miss; a window that fits gives the same bytes in under a
 * millisecond, and a browser needs only that much memory to decode them.
 */
const brotliWindowFor = (length: number): number =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))),
  );

/** Brotli and gzip of a body, done once and kept: stored pages and build assets are sent many times. */
export async function compress(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** A strong validator for a body. */
export const etagOf = (body: Buffer): string =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
