import type { APIContext } from "astro";
import { z } from "zod";
import { databaseOutage } from "./database-outage.server";
import { DomainError, invalid, tooLarge, type ErrorCode } from "./errors";
import { logUnexpected, routeName } from "./log-unexpected";
import { clientFrom } from "./client-address";
import { settings } from "./settings.server";

/** A JSON response. API responses are never stored by browsers or proxies unless a route says so. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A 303 redirect, as a form post is answered so the browser lands on a page. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** Parse a URL's query string with a schema; a failure is a 400 naming the field. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  return parseWith(schema, Object.fromEntries(url.searchParams));
}

/** Validate any input with a schema; a failure is a 400 naming the first field at fault. */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalid(issue?.message ?? "Invalid input", issue?.path.join(".") || undefined);
}

/** The media type of a request's body, without parameters, lowercased. */
export function contentType(request: Request): string | undefined {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
}

/** A request body as text, refused with 413 past `maxBytes` whatever Content-Length claims. */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  const refused = tooLarge(`Request body must be at most ${maxBytes} bytes`);
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw refused;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refused;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (error === refused) throw error;
    throw invalid("Could not read the request body");
  }
}

/** Parse text as JSON; malformed JSON is a 400. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("Request body must be valid JSON");
  }
}

/** The client's address (see `clientFrom`), or "unknown" when the adapter cannot tell. */
export function clientAddress(context: Pick<APIContext, "clientAddress" | "request">): string {
  let socket: string;
  try {
    socket = context.clientAddress || "unknown";
  } catch {
    return "unknown";
  }
  return clientFrom(socket, context.request.headers.get("X-Forwarded-For"), settings().trustedProxies);
}

/** The one mapping from what went wrong to the HTTP status that says so. */
export const STATUS_OF: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
  sign_in_again: 401,
  reauthenticate: 403,
};

/**
 * The response for a failed request: a domain error as its status, with its message,
 * stable code and field; anything else a bare 500, logged here as one line naming the
 * route (see `logUnexpected`) and never described to the client.
 */
export function errorResponse(thrown: unknown, route = "a route"): Response {
  const error = databaseOutage(thrown) ?? thrown;
  if (error instanceof DomainError) {
    const { message, code, field, retryAfterSeconds } = error;
    return json(field ? { error: message, code, field } : { error: message, code }, {
      status: STATUS_OF[code],
      headers: retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) },
    });
  }
  logUnexpected(error, route);
  return json({ error: "Internal server error", code: "internal" }, { status: 500 });
}

/** Run an endpoint's handler, answering any error it throws with `errorResponse`. */
export async function handle(
  context: Pick<APIContext, "request" | "routePattern">,
  run: () => Promise<Response> | Response,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(error, routeName(context));
  }
}
