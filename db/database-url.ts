import path from "node:path";

/**
 * The data directory a database URL names for the embedded PGlite (`file:<dir>` or a bare
 * path), or undefined for a PostgreSQL server (`postgres://…`) or an in-memory PGlite
 * (`memory://`, or nothing).
 */
export function embeddedDir(url: string): string | undefined {
  if (isServerUrl(url) || url === "memory://" || url === "") return undefined;
  return path.resolve(url.replace(/^file:/, ""));
}

/** Whether a database URL names a PostgreSQL server, rather than the embedded PGlite. */
export const isServerUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);
