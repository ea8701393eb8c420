import { TOTAL_AT_LEAST_HEADER, TOTAL_HEADER, type Page } from "./paging";

/**
 * A failed API call. The message is the spec's "{status}: {text}" (SPEC §8); what the
 * server said is also read out, so a form can act on the field at fault without parsing
 * the message back.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's stable error code (`invalid`, `not_found`, `rate_limited`, …), when it sent one. */
  readonly code?: string;
  /** The input field at fault, as a dotted path (`images.0.imageUrl`), when one is. */
  readonly field?: string;
  /** The server's own sentence ("Invalid credentials"), or the response text when it sent no JSON error. */
  readonly reason: string;
  /** The server's own sentence, only when it sent one: what a person may be shown. */
  readonly sentence?: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    const body = parseErrorBody(text);
    this.code = body.code;
    this.field = body.field;
    this.reason = body.error ?? text;
    this.sentence = body.error;
  }
}

/**
 * What a person reads about a failed call: the server's own sentence ("Invalid credentials",
 * "Too many attempts. Try again in 12 minutes."), never a status code or raw JSON; `fallback`
 * when the server said nothing readable (a proxy's page, no connection).
 */
export function readableError(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.sentence) || fallback;
}

function parseErrorBody(text: string): { error?: string; code?: string; field?: string } {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== "object" || body === null) return {};
    const { error, code, field } = body as Record<string, unknown>;
    const asText = (value: unknown) => (typeof value === "string" ? value : undefined);
    return { error: asText(error), code: asText(code), field: asText(field) };
  } catch {
    return {};
  }
}

/**
 * Call the site's API from the browser (SPEC §7): cookies always sent, a JSON body only
 * when there is one, and any non-ok response thrown as an `ApiError`. Kept apart from
 * the query client so public islands do not carry React Query.
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return (await (await send(method, url, body, signal)).json()) as T;
}

/**
 * Read one page of a listing endpoint: its items, and the listing's total from the
 * `X-Total-Count` header (the list itself is the page), or where counting stopped, how many
 * there are at least from `X-Total-Count-At-Least`.
 */
export async function apiPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const response = await send("GET", url, undefined, signal);
  const atLeast = response.headers.get(TOTAL_AT_LEAST_HEADER);
  const total = Number(atLeast ?? response.headers.get(TOTAL_HEADER));
  const items = (await response.json()) as T[];
  const counted = Number.isInteger(total) && total >= items.length ? total : items.length;
  return { items, total: counted, ...(atLeast !== null && { capped: true as const }) };
}

async function send(method: string, url: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  return response;
}
