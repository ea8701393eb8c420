import { ApiError } from "./api-request";

/** How long a listing waits for the API before it answers from the offline index instead. */
export const LISTING_API_TIMEOUT_MS = 5000;

/**
 * Whether a failed API call means the API could not answer (no network, a timeout, the
 * server failing or too busy), rather than refusing the request: only then is another
 * source worth asking.
 */
export function apiUnavailable(error: unknown): boolean {
  if (typeof navigator !== "undefined" && "onLine" in navigator && !navigator.onLine) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  // fetch rejects with a TypeError when no response came, and a timeout aborts it.
  return error instanceof TypeError || (error instanceof DOMException && error.name === "TimeoutError");
}
