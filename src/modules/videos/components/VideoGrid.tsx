import { CardGrid } from "@/components/ui/CardGrid";
import type { VideoCardData } from "../card";
import { VideoCard } from "./VideoCard";

/** Videos as a grid of cards. */
export function VideoGrid({ videos }: { videos: VideoCardData[] }) {
  return <CardGrid items={videos} card={(video) => <VideoCard video={video} />} />;
}
