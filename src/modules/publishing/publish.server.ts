import type { ContentTag } from "@/lib/page-cache";
import { pageStore } from "./page-store.server";

/** What changed: the tags of the content a write touched. */
export interface ContentChange {
  tags: ContentTag[];
}

/** How this process renders pages again and tells other instances; set by the start script. */
export interface PublishingRuntime {
  /** Render these page keys again in the background, so the next visitor gets a stored page. */
  rerender(keys: string[]): void;
  /** Tell the other instances (PostgreSQL NOTIFY); absent with the embedded database. */
  broadcast?(change: ContentChange): Promise<void>;
}

const KEY = Symbol.for("mostly-meh.publishing");
type Holder = { [KEY]?: PublishingRuntime };

/** Register how this process re-renders and broadcasts (the start script does, once). */
export function setPublishingRuntime(runtime: PublishingRuntime): void {
  (globalThis as Holder)[KEY] = runtime;
}

/** Drop the pages showing what changed and render them again, in this process only. */
export function applyChange(change: ContentChange): void {
  const dropped = pageStore().drop(change.tags);
  (globalThis as Holder)[KEY]?.rerender(dropped);
}

/**
 * The one publishing path: every write calls this after its transaction commits. Pages
 * showing the changed content are dropped before this returns, so a read issued after
 * the write's response never sees the old content; they are rendered again in the
 * background, and every other instance is told to do the same.
 */
export async function publish(change: ContentChange): Promise<void> {
  applyChange(change);
  try {
    await (globalThis as Holder)[KEY]?.broadcast?.(change);
  } catch (error) {
    // The write is committed and this instance is fresh; the others catch up when their
    // pages expire. A failed broadcast must not turn a successful write into an error.
    console.error("Could not broadcast a content change:", error);
  }
}
