import { CategoryBadge } from "@/components/ui/CategoryBadge";
import { Picture } from "@/components/ui/Picture";
import { RatingDots } from "@/components/ui/RatingDots";
import { formatDuration } from "@/lib/format";
import { videoCategoryHref, videoPath } from "@/lib/paths";
import { SnippetText } from "@/components/ui/SnippetText";
import type { VideoCardData } from "../card";

const CARD_SIZES = "(min-width: 1232px) 380px, (min-width: 700px) 45vw, 92vw";

/** A video in a grid: poster with its duration, category, title and rating. */
export function VideoCard({
  video,
  heading: Heading = "h3",
}: {
  video: VideoCardData;
  /** The title's level: h3 under a section's h2, h2 where the cards follow the page's h1. */
  heading?: "h2" | "h3";
}) {
  return (
    <article className="card">
      <div className="card__media">
        <Picture
          src={video.thumbnailUrl}
          alt=""
          width={640}
          height={360}
          widths={[320, 480, 640, 960]}
          sizes={CARD_SIZES}
        />
        <span className="card__duration">
          <span className="visually-hidden">Duration </span>
          {formatDuration(video.duration)}
        </span>
      </div>
      <div className="card__body">
        <CategoryBadge category={video.category} href={videoCategoryHref(video.category)} warm />
        <Heading className="card__title">
          <a href={videoPath(video.slug)}>{video.title}</a>
        </Heading>
        {video.snippet && (
          <p className="card__excerpt">
            <SnippetText snippet={video.snippet} />
          </p>
        )}
        <p className="meta">
          <RatingDots rating={video.mehRating} />
        </p>
      </div>
    </article>
  );
}
