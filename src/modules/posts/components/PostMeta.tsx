import { RatingDots } from "@/components/ui/RatingDots";
import { ItemDateline } from "@/modules/editorial/components/ItemDateline";
import type { ContentStatus } from "@/modules/editorial/publication";

interface PostMetaProps {
  mehRating: number;
  publishedAt: Date | string;
  /** Where the post stands: anything but published is a preview's, which says so instead of a date. */
  status?: ContentStatus;
  readTime: number;
}

/** A post's rating, en-US date (or, previewed, that it is not out yet) and read time, on one line. */
export function PostMeta({ mehRating, publishedAt, status = "published", readTime }: PostMetaProps) {
  return (
    <p className="meta">
      <RatingDots rating={mehRating} />
      <ItemDateline status={status} publishedAt={publishedAt} />
      <span aria-hidden="true">·</span>
      <span>{readTime} min read</span>
    </p>
  );
}
