import { ListingBrowser, type ListingConfig } from "@/components/ListingBrowser";
import type { ListingState } from "@/lib/listing-state";
import type { Page } from "@/lib/paging";
import { offlineVideos } from "@/modules/search/offline-source";
import type { VideoCardData } from "../../videos/card";
import { VideoCard } from "../../videos/components/VideoCard";
import { videosKey } from "../../videos/keys";
import { loadVideoCards } from "../../videos/load-cards";

const videos: ListingConfig<VideoCardData> = {
  base: "/videos",
  searchLabel: "Search videos",
  allLabel: "All Videos",
  skeletons: 3,
  loadingLabel: "Loading...",
  keyOf: videosKey,
  load: loadVideoCards,
  offline: offlineVideos,
  idOf: (video) => video.id,
  render: (video) => <VideoCard video={video} heading="h2" />,
  empty: ({ search, category }, failed) => {
    if (failed) return "Search failed";
    if (search) return `No videos found for "${search}"`;
    if (category) return `No videos found in "${category}" category`;
    return "No videos available yet";
  },
};

/** The videos page's island: search box, category filter and grid. */
export default function VideoBrowser(props: { initial: ListingState; initialVideos: Page<VideoCardData> }) {
  return <ListingBrowser config={videos} initial={props.initial} initialPage={props.initialVideos} />;
}
