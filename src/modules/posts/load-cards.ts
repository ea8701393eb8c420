import { apiRequest } from "@/lib/api-request";
import { toPostCard, type PostCardData } from "./card";
import type { PostJson } from "./serialize";

/** The cards of the posts an API path lists. */
export async function loadPostCards(key: string, signal: AbortSignal): Promise<PostCardData[]> {
  return (await apiRequest<PostJson[]>("GET", key, undefined, signal)).map(toPostCard);
}
