import { compress, etagOf } from "./body-encodings.server";
import { Room, type RoomLimit } from "./page-room.server";
import { storedPageOf, type StoredPage } from "./stored-page.server";

export interface PageToStore {
  status: number;
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  maxAgeSeconds: number;
  /** The content version its render began at; 0 where nothing reads it. */
  contentVersion?: number;
}

/**
 * What changed in a store, for a copy kept elsewhere (the front server's, in another thread):
 * a page stored, or pages no longer to be sent as hits (stale, or evicted).
 */
export type PageStoreChange = { stored: string; page: StoredPage } | { gone: string[] };

export interface PageStoreOptions {
  /** Pages without a query string (home, posts, videos). */
  pages?: RoomLimit;
  /** Pages keyed by a query string: their own room, so random queries can only evict each other. */
  queryPages?: RoomLimit;
  /** "Not found" pages: any path can make one, so they too only evict each other. */
  notFound?: RoomLimit;
  now?: () => number;
}

const MB = 1024 * 1024;

/**
 * Rendered public pages by key, each with the content tags it shows. Publishing marks
 * pages stale by tag; a stale or expired page is no longer served as a hit, but kept to
 * stand in if rendering it again fails (a database outage must not turn a page into an
 * error). A render that began before a change to one of its tags is not stored, so a slow
 * render can never put old content back. Every room is bounded by count and bytes, so
 * nothing a visitor asks for can grow the store past its budget.
 */
export class PageStore {
  readonly #pages: Room;
  readonly #queryPages: Room;
  readonly #notFound: Room;
  readonly #now: () => number;
  #epoch = 0;
  readonly #droppedAt = new Map<string, number>();
  /** The content version below which no page is stored (`dropOlderThan`). */
  #oldestVersion = 0;
  #observer: ((change: PageStoreChange) => void) | undefined;

  constructor({
    pages = { pages: 2000, bytes: 96 * MB },
    queryPages = { pages: 200, bytes: 16 * MB },
    notFound = { pages: 100, bytes: 4 * MB },
    now = Date.now,
  }: PageStoreOptions = {}) {
    const evicted = (key: string) => this.#observer?.({ gone: [key] });
    this.#pages = new Room(pages.pages, pages.bytes, evicted);
    this.#queryPages = new Room(queryPages.pages, queryPages.bytes, evicted);
    this.#notFound = new Room(notFound.pages, notFound.bytes, evicted);
    this.#now = now;
  }

  /** Hear of every page stored and every page that stops being a hit, in order (one observer). */
  observe(observer: (change: PageStoreChange) => void): void {
    this.#observer = observer;
  }

  #rooms(): Room[] {
    return [this.#pages, this.#queryPages, this.#notFound];
  }

  #roomFor(key: string, status: number): Room {
    if (status === 404) return this.#notFound;
    return key.includes("?") ? this.#queryPages : this.#pages;
  }

  #find(key: string): { room: Room; page: StoredPage } | undefined {
    for (const room of this.#rooms()) {
      const page = room.get(key);
      if (page) return { room, page };
    }
    return undefined;
  }

  /** A mark to take before rendering; `put` compares it with later drops. */
  epoch(): number {
    return this.#epoch;
  }

  /** The stored page for a key, if it is fresh: neither stale nor past its lifetime. */
  get(key: string): StoredPage | undefined {
    const found = this.#find(key);
    if (!found || found.page.stale) return undefined;
    const { room, page } = found;
    const now = this.#now();
    if (page.expiresAt <= now) {
      page.stale = true;
      return undefined;
    }
    // Reordering on every hit costs more than it is worth; once a second keeps LRU order honest.
    if (now - page.usedAt > 1000) {
      page.usedAt = now;
      room.touch(key, page);
    }
    return page;
  }

  /** The last page stored for a key, fresh or not: what to send when rendering it fails. */
  fallback(key: string): StoredPage | undefined {
    return this.#find(key)?.page;
  }

  /**
   * Store a rendered page, compressed once, and return it as stored; refused (undefined) if
   * its content changed since `renderEpoch`, or it was rendered at a version already dropped.
   */
  async put(key: string, page: PageToStore, renderEpoch: number): Promise<StoredPage | undefined> {
    const { br, gzip: gz } = await compress(page.body);
    if (this.#changedSince(page.tags, renderEpoch) || (page.contentVersion ?? 0) < this.#oldestVersion)
      return undefined;
    for (const room of this.#rooms()) room.delete(key);
    const stored: StoredPage = {
      status: page.status,
      headers: page.headers,
      identity: page.body,
      br,
      gzip: gz,
      etag: etagOf(page.body),
      tags: page.tags,
      expiresAt: this.#now() + page.maxAgeSeconds * 1000,
      usedAt: this.#now(),
      stale: false,
      contentVersion: page.contentVersion ?? 0,
    };
    const room = this.#roomFor(key, page.status);
    room.set(key, stored);
    // A page larger than its whole room is evicted as it is set: nothing to copy then.
    if (room.get(key) === stored) this.#observer?.({ stored: key, page: stored });
    return stored;
  }

  /** Take back pages kept by an earlier run (see src/server/page-snapshot.ts), as they were stored. */
  restore(pages: Iterable<[string, StoredPage]>): void {
    for (const [key, page] of pages) this.#roomFor(key, page.status).set(key, storedPageOf(page));
  }

  #changedSince(tags: string[], renderEpoch: number): boolean {
    return tags.some((tag) => (this.#droppedAt.get(tag) ?? -1) >= renderEpoch);
  }

  /** Mark stale every page showing any of `tags`; returns their keys, to render again. */
  drop(tags: readonly string[]): string[] {
    const epoch = this.#epoch++;
    for (const tag of tags) this.#droppedAt.set(tag, epoch);
    const wanted = new Set(tags);
    const dropped: string[] = [];
    for (const room of this.#rooms()) {
      for (const [key, page] of room.entries()) {
        // A page already stale is listed again: its last re-render may have failed.
        if (page.tags.some((tag) => wanted.has(tag))) {
          page.stale = true;
          dropped.push(key);
        }
      }
    }
    if (dropped.length > 0) this.#observer?.({ gone: dropped });
    return dropped;
  }

  /**
   * Mark stale every page rendered before content version `version`, and return their keys:
   * what changed in the database while this server was away, or without its hearing of it.
   */
  dropOlderThan(version: number): string[] {
    // A render still running may have read an older version: it is not stored either.
    this.#oldestVersion = Math.max(this.#oldestVersion, version);
    const dropped: string[] = [];
    for (const room of this.#rooms()) {
      for (const [key, page] of room.entries()) {
        if (page.contentVersion >= version || page.stale) continue;
        page.stale = true;
        dropped.push(key);
      }
    }
    if (dropped.length > 0) this.#observer?.({ gone: dropped });
    return dropped;
  }

  /** Mark one page stale by key. */
  dropKey(key: string): void {
    const found = this.#find(key);
    if (!found) return;
    found.page.stale = true;
    this.#observer?.({ gone: [key] });
  }

  /** Keys whose pages were just sent as hits elsewhere (the front server's copy): evicted last. */
  markUsed(keys: readonly string[]): void {
    const now = this.#now();
    for (const key of keys) {
      const found = this.#find(key);
      if (!found) continue;
      found.page.usedAt = now;
      found.room.touch(key, found.page);
    }
  }

  /** Pages held, stale ones included. */
  get size(): number {
    return this.#rooms().reduce((sum, room) => sum + room.size, 0);
  }

  /** Bytes held, all encodings of all pages. */
  get bytes(): number {
    return this.#rooms().reduce((sum, room) => sum + room.bytes, 0);
  }
}
