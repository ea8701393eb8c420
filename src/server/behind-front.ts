import { withResponse } from "../lib/paced-body";
import type { Listener } from "./request-guard";
import type { PageStore } from "../modules/publishing/page-store.server";
import type { FromWorker } from "./messages";
import { CLIENT_ADDRESS_HEADER, PAGES_SEQ_HEADER } from "./messages";

/**
 * Tell the front server of every change to the worker's page store, numbered; returns the
 * number of the last one told.
 */
export function shareStoredPages(store: PageStore, post: (message: FromWorker) => void): () => number {
  let seq = 0;
  store.observe((change) => {
    seq += 1;
    post({ type: "pages", seq, change });
  });
  return () => seq;
}

/**
 * Astro's handler as the worker serves it, on a socket only the front server reaches: the
 * visitor's address is the one the front server read from its own socket (Astro reads
 * `socket.remoteAddress`, which a Unix socket does not have), and every answer carries the
 * number of the last page store change made before it, for the front to wait on. The
 * response is known to what the request runs, so a streamed body keeps to its pace.
 */

export function behindFront(handler: Listener, lastChange: () => number): Listener {
  return (req, res) => {
    const address = req.headers[CLIENT_ADDRESS_HEADER];
    Reflect.deleteProperty(req.headers, CLIENT_ADDRESS_HEADER);
    Object.defineProperty(req.socket, "remoteAddress", {
      value: typeof address === "string" ? address : undefined,
      configurable: true,
    });
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = (...args: unknown[]) => {
      res.setHeader(PAGES_SEQ_HEADER, String(lastChange()));
      return writeHead(...args);
    };
    // Astro's handler is async: its promise goes back for guardRequests to watch. A body it
    // streams can wait for this response to drain (`pacedBody`).
    return withResponse(res, () => handler(req, res));
  };
}
