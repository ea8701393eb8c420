import { ListingBrowser, type ListingConfig } from "@/components/ListingBrowser";
import { apiRequest } from "@/lib/api-request";
import type { ListingState } from "@/lib/listing-state";
import { toVideoCard } from "../card";
import { VideoCard, type VideoCardData } from "../components/VideoCard";
import { videosKey } from "../keys";
import type { VideoJson } from "../serialize";

const videos: ListingConfig<VideoCardData> = {
  base: "/videos",
  searchLabel: "Search videos",
  allLabel: "All Videos",
  skeletons: 3,
  loadingLabel: "Loading...",
  keyOf: videosKey,
  load: async (key, signal) => (await apiRequest<VideoJson[]>("GET", key, undefined, signal)).map(toVideoCard),
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
export default function VideoBrowser(props: { initial: ListingState; initialVideos: VideoCardData[] }) {
  return <ListingBrowser config={videos} initial={props.initial} initialItems={props.initialVideos} />;
}
