/**
 * What a log may say of an error: its kind and code (a PostgreSQL SQLSTATE, a Node
 * error code), and its causes'. Never a message or any other field: drizzle's carry the
 * SQL with its parameters, and others quote their input, so a visitor could write into
 * the log, and fill it.
 * @example describeError(drizzleError) // "DrizzleQueryError < error 22021"
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current = error;
  // A cause chain is short; the bound stops a cyclic one.
  for (let depth = 0; depth < 4 && current !== undefined; depth++) {
    if (!(current instanceof Error)) {
      parts.push(`a thrown ${typeof current}`);
      break;
    }
    const code = (current as { code?: unknown }).code;
    // A code is a short identifier; anything else could be data.
    parts.push(typeof code === "string" && /^\w{1,40}$/.test(code) ? `${current.name} ${code}` : current.name);
    current = current.cause;
  }
  return parts.join(" < ");
}

/** A request's route as a log names it: the method and the route's pattern, never the path a visitor typed. */
export function routeName(context: { request: Request; routePattern: string }): string {
  return `${context.request.method} ${context.routePattern}`;
}

/**
 * Log an error no one expected, as one line: the route (see `routeName`) and `describeError`.
 * @example logUnexpected(error, "GET /post/[slug]") // "Unexpected error in GET /post/[slug]: DrizzleQueryError < error 22021"
 */
export function logUnexpected(error: unknown, route: string): void {
  console.error(`Unexpected error in ${route}: ${describeError(error)}`);
}
