import { changeOf, type ContentChange } from "./content-tags";
import type { PageStore } from "./page-store.server";

/** A content change as listeners see it, once this process's stored pages reflect it. */
export interface PublishedChange extends ContentChange {
  /** Keys of the stored pages the change dropped in this process. */
  droppedPages: string[];
  /** Whether a write in this process made it, or another instance announced it. */
  origin: "local" | "remote";
}

export type ChangeListener = (change: PublishedChange) => void | Promise<void>;

/**
 * The one publishing path. Every write calls `publish` after its transaction commits; the
 * stored pages showing the change are dropped before any listener runs, so a read issued
 * after the write's response never sees the old content. Listeners do the rest: render
 * the dropped pages again, tell other instances, refresh a search index.
 */
export class Publisher {
  readonly #pages: PageStore;
  readonly #listeners = new Set<ChangeListener>();

  constructor(pages: PageStore) {
    this.#pages = pages;
  }

  /** Hear of every change from now on; returns the way to stop. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A write in this process changed content. */
  publish(change: ContentChange): Promise<void> {
    return this.#apply(change, "local");
  }

  /** Another instance announced a change. */
  receive(change: ContentChange): Promise<void> {
    return this.#apply(change, "remote");
  }

  /**
   * The database reached content version `version` by changes this process never heard of
   * (their notices were lost): every page rendered before it is dropped.
   */
  catchUp(version: number): Promise<void> {
    return this.#tell({ ...changeOf.unknown(), droppedPages: this.#pages.dropOlderThan(version), origin: "remote" });
  }

  #apply({ tags }: ContentChange, origin: PublishedChange["origin"]): Promise<void> {
    return this.#tell({ tags, droppedPages: this.#pages.drop(tags), origin });
  }

  async #tell(change: PublishedChange): Promise<void> {
    await Promise.all(
      [...this.#listeners].map(async (listener) => {
        try {
          await listener(change);
        } catch (error) {
          // The write is committed and this process's pages are fresh; a listener that
          // fails (a lost broadcast, a failed index build) must not turn it into an error.
          console.error("A content-change listener failed:", error);
        }
      }),
    );
  }
}
