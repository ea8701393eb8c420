import { ApiError, apiRequest } from "@/lib/api-request";

/**
 * Why one more issue now would break the signup form's promise, asked before sending so
 * the owner is asked rather than refused; null while it would not.
 */
export async function askBeforeSending(): Promise<string | null> {
  const { askFirst } = await apiRequest<{ askFirst: string | null }>("GET", "/api/newsletter/send-check");
  return askFirst;
}

/**
 * The server's refusal of a third issue in a month, as the owner is told it (without the
 * API's hint), or null for any other failure: the screen then asks whether to send anyway.
 * Asked first (`askBeforeSending`), this is left for another issue sent in between.
 */
export function overLimitReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.reason.includes("overLimit")) return null;
  return error.reason.replace(/; send with overLimit.*/, ".");
}
