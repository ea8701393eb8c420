import type { VideoCardData } from "./components/VideoCard";
import type { VideoJson } from "./serialize";

/** Cut a video down to what its card shows. */
export function toVideoCard(video: VideoJson): VideoCardData {
  const { id, slug, title, thumbnailUrl, duration, category, mehRating, publishedAt } = video;
  return { id, slug, title, thumbnailUrl, duration, category, mehRating, publishedAt };
}
