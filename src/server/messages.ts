import type { DbHandle } from "../../db/client.ts";
import type { EnsureAdminResult } from "@/modules/auth/admin-account.server";
import type { TalliedHits } from "@/modules/analytics/hit-tally";
import type { NumberedChange } from "./page-mirror";
import type { Ffmpeg } from "@/modules/videos/streams/ffmpeg.server";

// The words the front server (main thread) and the site worker exchange. Both are this
// program's own threads, so these are types, not a boundary to validate.

/** The worker's, to the front server. */
export type FromWorker =
  /** Serving on the socket: what the banner tells. */
  | {
      type: "ready";
      socketPath: string;
      database: Pick<DbHandle, "engine" | "location">;
      seeded: boolean;
      admin: EnsureAdminResult;
      factorKeyMade?: string;
      /** The ffmpeg that makes videos' streaming ladders, or null when they play as uploaded. */
      ffmpeg: Ffmpeg | null;
    }
  | ({ type: "pages" } & NumberedChange)
  /** A line for the log, written by the front so it keeps its place among the front's own. */
  | { type: "log"; line: string }
  /** A new search index is current on disk. */
  | { type: "search-index" }
  /** Asked to stop, what it does now (told if the stop takes too long). */
  | { type: "stopping"; step: string }
  | { type: "stopped" };

/** The front server's, to the worker. */
export type ToWorker =
  /** Where the site listens: the base URL of the Requests the worker renders dropped pages with. */
  | { type: "listening"; origin: string }
  /** Stored pages sent as hits lately: evicted last. */
  | { type: "used"; keys: string[] }
  /** Page views and reads the beacons reported lately, to count. */
  | { type: "hits"; hits: TalliedHits }
  | { type: "stop" };

/**
 * Headers only the front server sets on what it forwards (the visitor's address, taken from
 * its socket) and only the worker sets on its answers (the page store change they follow).
 * A visitor's own copy of either is removed before it could mean anything.
 */
export const CLIENT_ADDRESS_HEADER = "x-front-client-address";
export const PAGES_SEQ_HEADER = "x-front-pages-seq";
