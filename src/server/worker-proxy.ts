import http, { type IncomingHttpHeaders, type RequestListener } from "node:http";
import { pipeline } from "node:stream";
import { NO_STORE } from "../lib/http-policy";
import type { PageMirror } from "./page-mirror";
import { CLIENT_ADDRESS_HEADER, PAGES_SEQ_HEADER } from "./messages";
import { failRequest } from "./request-guard";

// Headers of one connection (RFC 9110 §7.6.1), never passed on either way.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "upgrade", "te", "trailer"];
// The visitor's copies of the front's own headers are dropped before the front sets them.
const NOT_FORWARDED = new Set([...HOP_BY_HOP, CLIENT_ADDRESS_HEADER, PAGES_SEQ_HEADER]);
// The front server frames the body and writes Date itself; the store's change number is for it alone.
const NOT_ANSWERED = new Set([...HOP_BY_HOP, "transfer-encoding", "date", PAGES_SEQ_HEADER]);

function without(headers: IncomingHttpHeaders, dropped: Set<string>): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name)));
}

/**
 * The front server's way to the site worker (Astro and the database, in a thread of their
 * own): each request is passed on over the worker's private socket, with the visitor's
 * address, and its answer streamed back once the front's copy of the page store holds every
 * change the worker made before answering.
 */
export function proxyToWorker(socketPath: string, mirror: PageMirror): RequestListener {
  const agent = new http.Agent({ keepAlive: true });
  return (req, res) => {
    // A visitor who left while their request waited (for the worker to start, or for a turn)
    // costs no call to the worker.
    if (res.destroyed) return;
    const upstream = http.request({
      socketPath,
      agent,
      method: req.method,
      path: req.url,
      headers: {
        ...without(req.headers, NOT_FORWARDED),
        [CLIENT_ADDRESS_HEADER]: req.socket.remoteAddress ?? "unknown",
      },
    });
    let answered: http.IncomingMessage | undefined;
    upstream.on("response", (answer) => {
      answered = answer;
      const send = () => {
        // The visitor may be gone by now (they hung up, or the connection closed while the
        // answer waited for the mirror): piping into a closed response throws, and a throw
        // here would end the process. What the worker still sends is dropped with its socket.
        if (res.destroyed || res.writableEnded) {
          upstream.destroy();
          return;
        }
        const status = answer.statusCode ?? 502;
        // The status's own reason phrase: a page that sets only its status (Astro's
        // `Astro.response.status = 404`) keeps the "OK" its response began with.
        res.writeHead(status, http.STATUS_CODES[status], without(answer.headers, NOT_ANSWERED));
        pipeline(answer, res, () => {
          // The worker answered before taking the whole body (a refused upload). The rest
          // goes nowhere: that connection, mid-body, is closed rather than used again, and
          // the visitor's rest is read and dropped, so a client that sends all before it
          // reads still hears the answer.
          if (upstream.writableFinished) return;
          req.unpipe(upstream);
          upstream.destroy();
          req.resume();
        });
      };
      const caughtUp = mirror.caughtUp(Number(answer.headers[PAGES_SEQ_HEADER] ?? 0));
      if (caughtUp)
        caughtUp.then(send).catch((error: unknown) => {
          failRequest(res, error, "the front server's way to the site worker");
        });
      else send();
    });
    upstream.on("error", () => {
      // Once the answer is whole, the worker closing its end loses nothing.
      if (answered?.complete) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": NO_STORE,
        "Retry-After": "1",
      });
      res.end("The site is busy; try again in a moment.");
    });
    // A visitor who leaves stops the work on their behalf.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    // Not pipeline: a failed upstream must not destroy the visitor's socket before the 503.
    req.pipe(upstream);
  };
}
