import { OfflineNote } from "@/components/ui/OfflineNote";
import { countOf, totalOf } from "@/lib/format";
import { listingQuery } from "@/lib/listing-state";
import type { Page } from "@/lib/paging";
import { useListingData } from "@/lib/use-listing-data";
import { offlineVideos } from "@/modules/search/offline-source";
import { videosKey } from "../../videos/keys";
import { loadVideoCards } from "../../videos/load-cards";
import type { VideoCardData } from "../../videos/card";
import { VideoCard } from "../../videos/components/VideoCard";

/**
 * The videos a search finds, under the archive's posts, so one search covers the whole
 * site: the first page of them, and a link to the rest on the videos page. Shown only when
 * there are some; from the offline index when the API cannot answer.
 */
export function MatchingVideos({
  search,
  initial,
}: {
  search: string;
  initial: { search: string; videos: Page<VideoCardData> };
}) {
  const state = { search, category: undefined, page: 1 };
  const { page, offline } = useListingData(
    videosKey(state),
    loadVideoCards,
    { key: videosKey({ ...state, search: initial.search }), page: initial.videos },
    () => offlineVideos(state),
  );
  if (!page || page.items.length === 0) return null;
  return (
    <section className="matching-videos" aria-labelledby="matching-videos-heading">
      <h2 id="matching-videos-heading">Videos</h2>
      {offline && <OfflineNote />}
      <p className="matching-videos__count meta">{`${totalOf(page, "video")} found for "${search}"`}</p>
      <ul className="grid">
        {page.items.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} heading="h3" />
          </li>
        ))}
      </ul>
      {page.total > page.items.length && (
        <p>
          <a className="button button--quiet" href={`/videos${listingQuery(state)}`}>
            {page.capped ? "See all videos" : `See all ${countOf(page.total, "video")}`}
          </a>
        </p>
      )}
    </section>
  );
}
