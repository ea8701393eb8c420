import type { Server } from "node:http";
import type { ChangeListener } from "./publisher.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a listening server can be reached from this machine, or undefined before it listens. */
function originOf(server: Server): string | undefined {
  const address = server.address();
  if (typeof address !== "object" || !address) return undefined;
  return `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
}

/**
 * A listener that renders the pages a change dropped again, through the site's own
 * server, one at a time, so the next visitor gets a stored page.
 */
export function rerenderDroppedPages(server: Server): ChangeListener {
  let queue = Promise.resolve();
  return ({ droppedPages }) => {
    const base = originOf(server);
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
