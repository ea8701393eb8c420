import { ItemCard } from "@/components/ui/ItemCard";
import { categoryHref, postPath } from "@/lib/paths";
import type { PostCardData } from "../card";
import { PostMeta } from "./PostMeta";

/** A post in a grid: cover, category, title, excerpt (or a search's snippet), rating, date and read time. */
export function PostCard({
  post,
  eager = false,
  heading = "h3",
}: {
  post: PostCardData;
  eager?: boolean;
  /** The title's level: h3 under a section's h2, h2 where the cards follow the page's h1. */
  heading?: "h2" | "h3";
}) {
  return (
    <ItemCard
      picture={post.imageUrl}
      eager={eager}
      category={post.category}
      categoryHref={categoryHref(post.category)}
      title={post.title}
      href={postPath(post.slug)}
      heading={heading}
      excerpt={post.excerpt}
      snippet={post.snippet}
      meta={<PostMeta mehRating={post.mehRating} publishedAt={post.publishedAt} readTime={post.readTime} />}
    />
  );
}
