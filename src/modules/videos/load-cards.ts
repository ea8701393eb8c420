import { apiPage } from "@/lib/api-request";
import type { Page } from "@/lib/paging";
import type { VideoCardData } from "./card";

/** The page of video cards an API path lists (asked for with `view=card`). */
export function loadVideoCards(key: string, signal: AbortSignal): Promise<Page<VideoCardData>> {
  return apiPage<VideoCardData>(key, signal);
}
