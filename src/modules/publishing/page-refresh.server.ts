import type { ChangeListener } from "./publisher.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Renders one request through the site's pages, in this thread (Astro's `App.render`). */
export type RenderPage = (request: Request) => Promise<Response>;

/**
 * A listener that renders the pages a change dropped again, one at a time, by calling the
 * renderer (which stores each page as a visitor's read would), so the next visitor gets a
 * stored page. `origin` is the site's address, once it listens: pages link themselves by it.
 */
export function rerenderDroppedPages(render: RenderPage, origin: () => string | undefined): ChangeListener {
  let queue = Promise.resolve();
  return ({ droppedPages }) => {
    const base = origin();
    if (!base || droppedPages.length === 0) return;
    // A moment's pause lets a visitor's own read render a page first; the rerender then
    // finds it stored and costs nothing, instead of two renders competing for the CPU.
    queue = queue.then(async () => {
      await pause(100);
      for (const key of droppedPages) {
        await render(new Request(base + key, { headers: { "Accept-Encoding": "br" } })).then(
          (response) => response.body?.cancel(),
          () => undefined,
        );
      }
    });
  };
}
