import { RatingDots } from "@/components/ui/RatingDots";
import { formatDate } from "@/lib/format";

interface PostMetaProps {
  mehRating: number;
  publishedAt: Date | string;
  readTime: number;
}

/** A post's rating, en-US date and read time, on one line. */
export function PostMeta({ mehRating, publishedAt, readTime }: PostMetaProps) {
  const iso = typeof publishedAt === "string" ? publishedAt : publishedAt.toISOString();
  return (
    <p className="meta">
      <RatingDots rating={mehRating} />
      <time dateTime={iso}>{formatDate(iso)}</time>
      <span aria-hidden="true">·</span>
      <span>{readTime} min read</span>
    </p>
  );
}
