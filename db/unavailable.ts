// What pg says when it gives up on the server: a query or a connection outlived its
// client-side timeout, the connection is gone, or (after either) the client was closed.
const DRIVER_MESSAGES = new Set([
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
]);

// The server cannot be reached at all.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATEs of a server that is there but cannot serve now: too many connections, shutting
// down or starting up, a statement stopped by statement_timeout, the site's database dropped
// or not there (an operator's mistake to put right, never the visitor's). Class 08 is any
// connection exception.
const SERVER_STATES = new Set(["53300", "57P01", "57P02", "57P03", "57P04", "57014", "3D000"]);

function says(error: Error): boolean {
  if (DRIVER_MESSAGES.has(error.message)) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith("08"));
}

/**
 * Whether an error means the database cannot answer now (unreachable, frozen, overloaded or
 * restarting) rather than that the query was wrong. Looks through the causes, since drizzle
 * wraps the driver's error in its own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A few levels are plenty (drizzle adds one); the bound keeps a cyclic cause finite.
  for (let depth = 0, e = error; depth < 5 && e instanceof Error; depth++, e = e.cause) {
    if (says(e)) return true;
  }
  return false;
}
