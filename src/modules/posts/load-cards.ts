import { apiPage } from "@/lib/api-request";
import type { Page } from "@/lib/paging";
import type { PostCardData } from "./card";

/** The page of post cards an API path lists (asked for with `view=card`, so no bodies). */
export function loadPostCards(key: string, signal: AbortSignal): Promise<Page<PostCardData>> {
  return apiPage<PostCardData>(key, signal);
}
