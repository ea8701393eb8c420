import { ItemCard } from "@/components/ui/ItemCard";
import { RatingDots } from "@/components/ui/RatingDots";
import { formatDuration } from "@/lib/format";
import { videoCategoryHref, videoPath } from "@/lib/paths";
import type { VideoCardData } from "../card";
import { VideoMoment } from "./VideoMoment";

/** A video in a grid: poster with its duration, category, title and rating. */
export function VideoCard({
  video,
  heading = "h3",
}: {
  video: VideoCardData;
  /** The title's level: h3 under a section's h2, h2 where the cards follow the page's h1. */
  heading?: "h2" | "h3";
}) {
  return (
    <ItemCard
      picture={video.thumbnailUrl}
      overlay={
        <span className="card__duration">
          <span className="visually-hidden">Duration </span>
          {formatDuration(video.duration)}
        </span>
      }
      category={video.category}
      categoryHref={videoCategoryHref(video.category)}
      warm
      title={video.title}
      href={videoPath(video.slug)}
      heading={heading}
      snippet={video.snippet}
      meta={
        <>
          {video.moment && <VideoMoment href={videoPath(video.slug)} moment={video.moment} />}
          <p className="meta">
            <RatingDots rating={video.mehRating} />
          </p>
        </>
      }
    />
  );
}
