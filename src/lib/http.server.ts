import type { APIContext } from "astro";
import { settings } from "./settings.server";
import { z } from "zod";

/** An error a caller can act on; its status, message, field and headers are sent as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.field = options.field;
    this.headers = options.headers;
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

/** A 429 telling the client when it may try again. */
export const tooManyRequests = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, "Too many attempts. Please try again later.", {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

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

/** Parse route parameters with a schema; a failure is a 400 naming the parameter. */
export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, string | undefined>): z.output<S> {
  return parseWith(schema, params);
}

/** Validate any input with a schema; a failure is a 400 naming the first field at fault. */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  throw new HttpError(400, issue?.message ?? "Invalid input", { field });
}

/** The media type of a request's body, without parameters, lowercased. */
export function contentType(request: Request): string | undefined {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
}

/** A request body as text, refused with 413 past `maxBytes` whatever Content-Length claims. */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = new HttpError(413, `Request body must be at most ${maxBytes} bytes`);
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw tooLarge;
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
        throw tooLarge;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (error === tooLarge) throw error;
    throw new HttpError(400, "Could not read the request body");
  }
}

/** Parse text as JSON; malformed JSON is a 400. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Request body must be valid JSON");
  }
}

/** A JSON request body, size-limited and validated: 413 past `maxBytes`, 400 naming the field at fault. */
export async function readJson<S extends z.core.$ZodType>(
  request: Request,
  schema: S,
  maxBytes = 256 * 1024,
): Promise<z.output<S>> {
  return parseWith(schema, parseJson(await readBody(request, maxBytes)));
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy, in which case
 * the nearest X-Forwarded-For hop that is not one. A header from anyone else is ignored,
 * or any client could name itself.
 * @example clientFrom("10.0.0.2", "203.0.113.9, 10.0.0.1", ["10.0.0.1", "10.0.0.2"]) // "203.0.113.9"
 */
export function clientFrom(socket: string, forwardedFor: string | null, trusted: readonly string[]): string {
  if (!trusted.includes(socket) || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? "";
    if (!trusted.includes(hop)) return hop;
  }
  return socket;
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

/**
 * The response for a failed request: a typed error as its status, anything else a bare
 * 500, logged here and never described to the client (no stack or SQL text leaves).
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return json(error.field ? { error: error.message, field: error.field } : { error: error.message }, {
      status: error.status,
      headers: error.headers,
    });
  }
  console.error(error);
  return json({ error: "Internal server error" }, { status: 500 });
}

/** Run a route body, answering any error it throws with `errorResponse`. */
export async function handle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(error);
  }
}
