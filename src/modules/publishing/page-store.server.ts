import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli and gzip of a body, done once and kept: stored pages and build assets are sent many times. */
export async function compress(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** A strong validator for a body. */
export const etagOf = (body: Buffer): string =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

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
}

export interface PageToStore {
  status: number;
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  maxAgeSeconds: number;
}

/** A tiny LRU over Map's insertion order. */
class Lru<V> {
  readonly #map = new Map<string, V>();
  readonly #max: number;
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): V | undefined {
    return this.#map.get(key);
  }

  /** Mark a key as just used, so it is evicted last. */
  touch(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
  }
  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value as string);
  }
  delete(key: string): boolean {
    return this.#map.delete(key);
  }
  entries(): IterableIterator<[string, V]> {
    return this.#map.entries();
  }
  get size(): number {
    return this.#map.size;
  }
}

export interface PageStoreOptions {
  /** Pages without a query string (home, posts, videos). */
  maxPages?: number;
  /** Pages keyed by a query string get their own, smaller room, so random queries can only evict each other. */
  maxQueryPages?: number;
  now?: () => number;
}

/**
 * Rendered public pages by key, each with the content tags it shows. Publishing drops
 * pages by tag; a render that began before a drop of one of its tags is not stored, so
 * a slow render can never put old content back.
 */
export class PageStore {
  readonly #pages: Lru<StoredPage>;
  readonly #queryPages: Lru<StoredPage>;
  readonly #now: () => number;
  #epoch = 0;
  readonly #droppedAt = new Map<string, number>();

  constructor({ maxPages = 2000, maxQueryPages = 200, now = Date.now }: PageStoreOptions = {}) {
    this.#pages = new Lru(maxPages);
    this.#queryPages = new Lru(maxQueryPages);
    this.#now = now;
  }

  #room(key: string): Lru<StoredPage> {
    return key.includes("?") ? this.#queryPages : this.#pages;
  }

  /** A mark to take before rendering; `put` compares it with later drops. */
  epoch(): number {
    return this.#epoch;
  }

  /** The stored page for a key, if it is still fresh. */
  get(key: string): StoredPage | undefined {
    const room = this.#room(key);
    const page = room.get(key);
    if (!page) return undefined;
    const now = this.#now();
    if (page.expiresAt <= now) {
      room.delete(key);
      return undefined;
    }
    // Reordering on every hit costs more than it is worth; once a second keeps LRU order honest.
    if (now - page.usedAt > 1000) {
      page.usedAt = now;
      room.touch(key, page);
    }
    return page;
  }

  /** Store a rendered page, compressed once; refused if its content changed since `renderEpoch`. */
  async put(key: string, page: PageToStore, renderEpoch: number): Promise<boolean> {
    const { br, gzip: gz } = await compress(page.body);
    if (this.#changedSince(page.tags, renderEpoch)) return false;
    this.#room(key).set(key, {
      status: page.status,
      headers: page.headers,
      identity: page.body,
      br,
      gzip: gz,
      etag: etagOf(page.body),
      tags: page.tags,
      expiresAt: this.#now() + page.maxAgeSeconds * 1000,
      usedAt: this.#now(),
    });
    return true;
  }

  #changedSince(tags: string[], renderEpoch: number): boolean {
    return tags.some((tag) => (this.#droppedAt.get(tag) ?? -1) >= renderEpoch);
  }

  /** Drop every page showing any of `tags`; returns the keys dropped, to render again. */
  drop(tags: readonly string[]): string[] {
    const epoch = this.#epoch++;
    for (const tag of tags) this.#droppedAt.set(tag, epoch);
    const wanted = new Set(tags);
    const dropped: string[] = [];
    for (const room of [this.#pages, this.#queryPages]) {
      for (const [key, page] of [...room.entries()]) {
        if (page.tags.some((tag) => wanted.has(tag))) {
          room.delete(key);
          dropped.push(key);
        }
      }
    }
    return dropped;
  }

  /** Drop one page by key. */
  dropKey(key: string): void {
    this.#room(key).delete(key);
  }

  get size(): number {
    return this.#pages.size + this.#queryPages.size;
  }
}
