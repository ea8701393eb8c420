import { ListingBrowser } from "@/components/ListingBrowser";
import type { ListingState } from "@/lib/listing-state";
import type { Page } from "@/lib/paging";
import { itemListing } from "@/modules/search/item-listing";
import { offlineVideos } from "@/modules/search/offline-source";
import type { VideoCardData } from "../../videos/card";
import { VideoCard } from "../../videos/components/VideoCard";
import { videosKey } from "../../videos/keys";
import { loadVideoCards } from "../../videos/load-cards";

const videos = itemListing<VideoCardData>({
  noun: "videos",
  nothing: "No videos available yet",
  base: "/videos",
  searchLabel: "Search videos",
  allLabel: "All Videos",
  skeletons: 3,
  loadingLabel: "Loading...",
  keyOf: videosKey,
  load: loadVideoCards,
  offline: offlineVideos,
  render: (video) => <VideoCard video={video} heading="h2" />,
});

/** The videos page's island: search box, category filter and grid. */
export default function VideoBrowser(props: { initial: ListingState; initialVideos: Page<VideoCardData> }) {
  return <ListingBrowser config={videos} initial={props.initial} initialPage={props.initialVideos} />;
}
