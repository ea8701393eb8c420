import type { z } from "zod";

/** An error a caller can act on; `status` and `body` are sent as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly field?: string;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.field = field;
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

/** A JSON response. API responses are never stored by browsers or proxies unless a route says so. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** Parse a URL's query string with a schema; a failure is a 400 naming the field. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  return parseWith(schema, Object.fromEntries(url.searchParams));
}

/** Parse route parameters with a schema; a failure is a 400 naming the parameter. */
export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, string | undefined>): z.output<S> {
  return parseWith(schema, params);
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  throw new HttpError(400, field ? `${field}: ${issue?.message}` : (issue?.message ?? "Invalid input"), field);
}

/**
 * Run a route body, mapping typed errors to their status and anything else to a bare 500
 * (logged here, never described to the client: no stack or SQL text leaves the server).
 */
export async function handle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) {
      return json(error.field ? { error: error.message, field: error.field } : { error: error.message }, {
        status: error.status,
      });
    }
    console.error(error);
    return json({ error: "Internal server error" }, { status: 500 });
  }
}
