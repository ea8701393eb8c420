import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { logUnexpected } from "../lib/log-unexpected";
import { NO_STORE } from "../lib/http-policy";

/** A request listener that may return the promise of its work. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * End one request that failed in a way nobody planned for, and only that request: logged as
 * one line, answered 500 while nothing was sent yet, its connection closed once an answer
 * had begun (a half-sent page must not look whole to the browser).
 */
export function failRequest(res: ServerResponse, error: unknown, where: string): void {
  logUnexpected(error, where);
  if (res.headersSent || res.destroyed || res.writableEnded) {
    res.destroy();
    return;
  }
  res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE });
  res.end("Something went wrong on our side; try again in a moment.");
}

/**
 * A request listener whose errors, thrown at once or by the promise it returns, end its own
 * request (`failRequest`) and never the process: an uncaught exception in either thread
 * takes down the whole site, and every visitor with it.
 */
export function guardRequests(listener: Listener, where: string): RequestListener {
  return (req, res) => {
    try {
      const result = listener(req, res);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          failRequest(res, error, where);
        });
      }
    } catch (error) {
      failRequest(res, error, where);
    }
  };
}
