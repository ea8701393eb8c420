/** PostgreSQL's code for a unique constraint broken. */
export const UNIQUE_VIOLATION = "23505";

/** The database's error code, wherever the driver or drizzle put it (drizzle wraps the driver's error as its cause). */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
