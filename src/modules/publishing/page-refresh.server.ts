import type { ChangeListener } from "./publisher.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Renders one request through the site's pages, in this thread (Astro's `App.render`). */
export type RenderPage = (request: Request) => Promise<Response>;

/** The renders a change sets off, and their end. */
export interface PageRefresh {
  /** The publisher's listener: renders the pages a change dropped. */
  listener: ChangeListener;
  /**
   * Render nothing more: the pages waiting are left dropped, and this resolves once a render
   * under way has ended, so the database can close under none (a stop's step).
   */
  stop(): Promise<void>;
}

/**
 * Renders the pages a change dropped again, one at a time, by calling the renderer (which
 * stores each page as a visitor's read would), so the next visitor gets a stored page.
 * `origin` is the site's address, once it listens: pages link themselves by it.
 * A page dropped again while it waits is rendered once, so a burst of writes (a restore, a
 * schedule's sweep, an import) costs one render per page, not one per write; a page dropped
 * while it renders is rendered again after, since that render may show what came before.
 */
export function rerenderDroppedPages(render: RenderPage, origin: () => string | undefined): PageRefresh {
  const waiting = new Set<string>();
  let draining: Promise<void> | undefined;
  let stopped = false;
  const drain = async (base: string) => {
    // A moment's pause lets a visitor's own read render a page first; the rerender then
    // finds it stored and costs nothing, instead of two renders competing for the CPU.
    await pause(100);
    // A Set visits what is added while it is walked, and a page deleted and added again
    // goes to the end: every page waiting is rendered, each once.
    for (const key of waiting) {
      waiting.delete(key);
      await render(new Request(base + key, { headers: { "Accept-Encoding": "br" } })).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    }
    // In the same step as the loop's end: a change that comes after starts a drain of its own.
    draining = undefined;
  };
  return {
    listener({ droppedPages }) {
      const base = origin();
      if (stopped || !base || droppedPages.length === 0) return;
      for (const key of droppedPages) waiting.add(key);
      draining ??= drain(base);
    },
    async stop() {
      stopped = true;
      waiting.clear();
      await draining;
    },
  };
}
