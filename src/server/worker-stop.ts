import type http from "node:http";
import type { InFlight } from "../lib/in-flight.ts";

/** What the site worker stops, in the order `stopWorker` stops it. */
export interface WorkerParts {
  /** The socket the front server reaches the worker on. */
  server: http.Server;
  /** Renders under way (counted by the middleware): answers, and pages a publish dropped. */
  renders: InFlight;
  /** The jobs and the change listener, which may set renders off until they stop. */
  stopWiring(step: (doing: string) => void): Promise<void>;
  /** Everything else that reads the database (the search index build). */
  stopOthers(step: (doing: string) => void): Promise<void>;
  closeDatabase(): Promise<void>;
}

/**
 * Stop the site worker: take no more requests, stop what sets renders off, let the renders
 * under way end, then close the database. A render that never ends is the front server's to
 * give up on, at SHUTDOWN_TIMEOUT_SECONDS, naming the step told to `step`.
 */
export async function stopWorker(parts: WorkerParts, step: (doing: string) => void): Promise<void> {
  const { server, renders } = parts;
  server.close();
  server.closeIdleConnections();
  await parts.stopWiring(step);
  step("letting the renders under way finish");
  await renders.idle();
  server.closeAllConnections();
  await parts.stopOthers(step);
  step("closing the database");
  await parts.closeDatabase();
}
