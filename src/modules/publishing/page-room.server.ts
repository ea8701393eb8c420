import type { StoredPage } from "./stored-page.server";

const bytesOf = (page: StoredPage) => page.identity.length + page.br.length + page.gzip.length;

/** How many pages, and how many bytes of them (all three encodings), a room may hold. */
export interface RoomLimit {
  pages: number;
  bytes: number;
}

/** A room of the store: an LRU over Map's insertion order, bounded by count and by bytes. */
export class Room {
  readonly #map = new Map<string, StoredPage>();
  readonly #maxPages: number;
  readonly #maxBytes: number;
  readonly #evicted: (key: string) => void;
  #bytes = 0;
  constructor(maxPages: number, maxBytes: number, evicted: (key: string) => void) {
    this.#maxPages = maxPages;
    this.#maxBytes = maxBytes;
    this.#evicted = evicted;
  }
  get(key: string): StoredPage | undefined {
    return this.#map.get(key);
  }

  /** Mark a key as just used, so it is evicted last. */
  touch(key: string, page: StoredPage): void {
    this.#map.delete(key);
    this.#map.set(key, page);
  }
  set(key: string, page: StoredPage): void {
    this.delete(key);
    this.#map.set(key, page);
    this.#bytes += bytesOf(page);
    while (this.#map.size > this.#maxPages || this.#bytes > this.#maxBytes) {
      const oldest = this.#map.keys().next().value as string;
      this.delete(oldest);
      // The page being set, when larger than the room, was never there for anyone to copy.
      if (oldest !== key) this.#evicted(oldest);
    }
  }
  delete(key: string): void {
    const page = this.#map.get(key);
    if (!page) return;
    this.#map.delete(key);
    this.#bytes -= bytesOf(page);
  }
  entries(): IterableIterator<[string, StoredPage]> {
    return this.#map.entries();
  }
  get size(): number {
    return this.#map.size;
  }
  get bytes(): number {
    return this.#bytes;
  }
}
