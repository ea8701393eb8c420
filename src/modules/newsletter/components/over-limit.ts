import { ApiError } from "@/lib/api-request";

/**
 * The server's refusal of a third issue in a month, as the owner is told it (without the
 * API's hint), or null for any other failure: the screen then asks whether to send anyway.
 */
export function overLimitReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.reason.includes("overLimit")) return null;
  return error.reason.replace(/; send with overLimit.*/, ".");
}
