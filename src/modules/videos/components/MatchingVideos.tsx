import { OfflineNote } from "@/components/ui/OfflineNote";
import { offlineVideos } from "@/modules/search/offline-source";
import { useListingData } from "@/lib/use-listing-data";
import { videosKey } from "../keys";
import { loadVideoCards } from "../load-cards";
import { VideoCard, type VideoCardData } from "./VideoCard";

const plural = (n: number) => `${n} ${n === 1 ? "video" : "videos"}`;

/**
 * The videos a search finds, under the archive's posts, so one search covers the whole
 * site. Shown only when there are some; from the offline index when the API cannot answer.
 */
export function MatchingVideos({
  search,
  initial,
}: {
  search: string;
  initial: { search: string; videos: VideoCardData[] };
}) {
  const state = { search, category: undefined };
  const { items, offline } = useListingData(
    videosKey(state),
    loadVideoCards,
    { key: videosKey({ search: initial.search, category: undefined }), items: initial.videos },
    () => offlineVideos(state),
  );
  if (!items || items.length === 0) return null;
  return (
    <section className="matching-videos" aria-labelledby="matching-videos-heading">
      <h2 id="matching-videos-heading">Videos</h2>
      {offline && <OfflineNote />}
      <p className="matching-videos__count meta">{`${plural(items.length)} found for "${search}"`}</p>
      <ul className="grid">
        {items.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} heading="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
