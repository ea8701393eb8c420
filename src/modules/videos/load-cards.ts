import { apiRequest } from "@/lib/api-request";
import { toVideoCard } from "./card";
import type { VideoCardData } from "./components/VideoCard";
import type { VideoJson } from "./serialize";

/** The cards of the videos an API path lists. */
export async function loadVideoCards(key: string, signal: AbortSignal): Promise<VideoCardData[]> {
  return (await apiRequest<VideoJson[]>("GET", key, undefined, signal)).map(toVideoCard);
}
