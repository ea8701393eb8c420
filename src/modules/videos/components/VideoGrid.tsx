import type { VideoCardData } from "../card";
import { VideoCard } from "./VideoCard";

/** Videos as a grid of cards. */
export function VideoGrid({ videos }: { videos: VideoCardData[] }) {
  return (
    <ul className="grid">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}
