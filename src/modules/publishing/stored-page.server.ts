/** A rendered public page, kept as the bytes that are sent. */
export interface StoredPage {
  status: number;
  /** Headers of the rendered response, minus hop-by-hop and per-visitor ones. */
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  tags: string[];
  /** When the page stops being served from the store (ms since epoch). */
  expiresAt: number;
  /** When it was last marked as used, for eviction order. */
  usedAt: number;
  /** Its content changed since it was rendered: kept only to stand in when a new render fails. */
  stale: boolean;
  /** The database's content version its render began at (content-version.server.ts). */
  contentVersion: number;
}

/** A Buffer again: a Buffer posted to another thread, or serialized, comes back a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A stored page as it arrives from another thread or from disk, with its bytes as Buffers again. */
export const storedPageOf = (page: StoredPage): StoredPage => ({
  ...page,
  identity: asBuffer(page.identity),
  br: asBuffer(page.br),
  gzip: asBuffer(page.gzip),
  stale: false,
});
