import { Picture } from "@/components/ui/Picture";
import { CategoryBadge } from "@/components/ui/CategoryBadge";
import { categoryHref, postPath } from "@/lib/paths";
import type { PostCardData } from "../card";
import { SnippetText } from "@/components/ui/SnippetText";
import { PostMeta } from "./PostMeta";

const CARD_SIZES = "(min-width: 1232px) 380px, (min-width: 700px) 45vw, 92vw";

/** A post in a grid: cover, category, title, excerpt (or a search's snippet), rating, date and read time. */
export function PostCard({
  post,
  eager = false,
  heading: Heading = "h3",
}: {
  post: PostCardData;
  eager?: boolean;
  /** The title's level: h3 under a section's h2, h2 where the cards follow the page's h1. */
  heading?: "h2" | "h3";
}) {
  return (
    <article className="card">
      <Picture
        src={post.imageUrl}
        alt=""
        width={640}
        height={360}
        widths={[320, 480, 640, 960]}
        sizes={CARD_SIZES}
        eager={eager}
      />
      <div className="card__body">
        <CategoryBadge category={post.category} href={categoryHref(post.category)} />
        <Heading className="card__title">
          <a href={postPath(post.slug)}>{post.title}</a>
        </Heading>
        <p className="card__excerpt">{post.snippet ? <SnippetText snippet={post.snippet} /> : post.excerpt}</p>
        <PostMeta mehRating={post.mehRating} publishedAt={post.publishedAt} readTime={post.readTime} />
      </div>
    </article>
  );
}
