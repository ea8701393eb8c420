import type { PageStoreChange } from "../modules/publishing/page-store.server";
import { storedPageOf, type StoredPage } from "../modules/publishing/stored-page.server";

/** A page store change as it crosses to the front server's thread, numbered in the order made. */
export interface NumberedChange {
  seq: number;
  change: PageStoreChange;
}

/**
 * The front server's copy of the fresh pages in the worker's page store, kept by applying
 * the store's changes in order. It answers hits without a word to the worker; which pages
 * were hit goes back now and then (`takeUsed`), so the store evicts the least used first.
 * The store bounds what it holds and says what it evicts, so this copy is bounded too.
 */
export class PageMirror {
  readonly #pages = new Map<string, StoredPage>();
  readonly #used = new Set<string>();
  readonly #waiting: { seq: number; resolve: () => void }[] = [];
  readonly #now: () => number;
  #applied = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The fresh page for a key, as a hit sends it. */
  get(key: string): StoredPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    const now = this.#now();
    if (page.expiresAt <= now) {
      this.#pages.delete(key);
      return undefined;
    }
    // As the store does: once a second is enough to keep its eviction order honest.
    if (now - page.usedAt > 1000) {
      page.usedAt = now;
      this.#used.add(key);
    }
    return page;
  }

  /** Apply the store's next change. */
  apply({ seq, change }: NumberedChange): void {
    if ("gone" in change) for (const key of change.gone) this.#pages.delete(key);
    else this.#pages.set(change.stored, storedPageOf(change.page));
    this.#applied = seq;
    while (this.#waiting[0] && this.#waiting[0].seq <= seq) this.#waiting.shift()?.resolve();
  }

  /**
   * Undefined once change `seq` is applied; until then, a promise of it. A response from the
   * worker carries the number of the store's last change, so nothing it says is sent before
   * this copy agrees (a write's answer never outruns the pages it dropped).
   */
  caughtUp(seq: number): Promise<void> | undefined {
    if (seq <= this.#applied) return undefined;
    return new Promise((resolve) => {
      const at = this.#waiting.findIndex((waiter) => waiter.seq > seq);
      this.#waiting.splice(at === -1 ? this.#waiting.length : at, 0, { seq, resolve });
    });
  }

  /** Start from pages an earlier run kept, which the worker's store takes back too. */
  restore(pages: Iterable<[string, StoredPage]>): void {
    for (const [key, page] of pages) this.#pages.set(key, page);
  }

  /** The fresh pages held, to keep for the next start. */
  *fresh(): Generator<[string, StoredPage]> {
    const now = this.#now();
    for (const entry of this.#pages) if (entry[1].expiresAt > now) yield entry;
  }

  /** Keys hit since the last call. */
  takeUsed(): string[] {
    const keys = [...this.#used];
    this.#used.clear();
    return keys;
  }
}
