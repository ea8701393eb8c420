import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { MAX_HIT_BYTES, parseHit, type ReportedHit } from "@/modules/analytics/hit";
import type { NetworkLimit } from "@/modules/analytics/network-limit";
import { cookieValues, sessionCookieName } from "@/modules/auth/cookie";
import { clientFrom } from "@/lib/client-address";
import { clientNetwork } from "@/lib/client-network";
import { NO_STORE } from "../lib/http-policy";

/** What the front handler knows of a beacon's request when it hands it over. */
export interface BeaconRequest {
  method: string;
  cookie: string | undefined;
  signedIn: boolean;
  security: readonly (readonly [string, string])[];
}

export type BeaconTaker = (req: IncomingMessage, res: ServerResponse, known: BeaconRequest) => void;

export interface BeaconOptions {
  /** The site's host, whose own pages are no referrer. */
  ownHost: string;
  https: boolean;
  trustedProxies: readonly string[];
  /** Whether a path is a public page the site serves (a stored page answered 200). */
  isPublicPage: (path: string) => boolean;
  /** Beacons each client network may send a minute. */
  limit: NetworkLimit;
  /** Takes a hit to count; the front server batches them to the worker. */
  count: (hit: ReportedHit) => void;
  /** Notes a hit refused by the limit, which marks its day as flooded. */
  turnAway: () => void;
}

/**
 * The pages' beacons, answered on the front thread with no render and no database: a hit is
 * checked, then handed on to be counted in a batch. A bot, a prefetch, a path that is not a
 * public page or a malformed body is answered and not counted, so junk cannot grow the
 * tables; a hit past its client network's limit a minute is refused with 429 and only
 * counted as turned away. A browser never reads the answer anyway.
 */
export function beaconTaker(options: BeaconOptions): BeaconTaker {
  const { ownHost, https, trustedProxies, isPublicPage, limit, count, turnAway } = options;
  const answer = (res: ServerResponse, known: BeaconRequest, status: number, text = "") => {
    for (const [name, value] of known.security) res.setHeader(name, value);
    res.writeHead(status, {
      "Cache-Control": NO_STORE,
      ...(text ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
      ...(status === 405 ? { Allow: "POST" } : {}),
      ...(status === 429 ? { "Retry-After": "60" } : {}),
    });
    res.end(text);
  };
  return (req, res, known) => {
    if (known.method !== "POST") {
      answer(res, known, 405, "Beacons are sent with POST");
      return;
    }
    const userAgent = req.headers["user-agent"] ?? "";
    const prefetch = /prefetch|prerender/i.test(String(req.headers["sec-purpose"] ?? req.headers.purpose ?? ""));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_HIT_BYTES) chunks.push(chunk);
    });
    req.on("error", () => {
      res.destroy();
    });
    req.on("end", () => {
      if (size > MAX_HIT_BYTES) {
        answer(res, known, 413, "A beacon is at most 1 KB");
        return;
      }
      const hit = parseHit(Buffer.concat(chunks).toString("utf8"), ownHost);
      if (!hit) {
        answer(res, known, 400, "Not a page's beacon");
        return;
      }
      // A browser always names itself; a client that says nothing is a script.
      const bot = userAgent.trim() === "" || isbot(userAgent);
      if (!prefetch && !bot && isPublicPage(hit.path)) {
        const session = known.signedIn ? cookieValues(known.cookie, sessionCookieName(https))[0] : undefined;
        const address = clientFrom(
          req.socket.remoteAddress ?? "unknown",
          headerText(req.headers["x-forwarded-for"]),
          trustedProxies,
        );
        // Per network, not per address: one client can hold a whole /24 or /56.
        if (!limit.take(clientNetwork(address))) {
          turnAway();
          answer(res, known, 429, "Too many beacons from your network; try again in a minute");
          return;
        }
        count({ ...hit, address, userAgent, ...(session ? { session } : {}) });
      }
      answer(res, known, 204);
    });
  };
}

const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
