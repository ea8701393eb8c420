import type { ChangeListener } from "./publisher.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A listener that renders the pages a change dropped again, through the site's own
 * server (at `origin`, once it listens), one at a time, so the next visitor gets a stored page.
 */
export function rerenderDroppedPages(origin: () => string | undefined): ChangeListener {
  let queue = Promise.resolve();
  return ({ droppedPages }) => {
    const base = origin();
    if (!base || droppedPages.length === 0) return;
    // A moment's pause lets a visitor's own read render a page first; the rerender then
    // finds it stored and costs nothing, instead of two renders competing for the CPU.
    queue = queue.then(async () => {
      await pause(100);
      for (const key of droppedPages) {
        await fetch(base + key, { headers: { "Accept-Encoding": "br" } }).then(
          (response) => response.body?.cancel(),
          () => undefined,
        );
      }
    });
  };
}
