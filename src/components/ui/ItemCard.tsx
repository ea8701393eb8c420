import type { ReactNode } from "react";
import type { Snippet } from "@/lib/snippet";
import { CategoryBadge } from "./CategoryBadge";
import { Picture } from "./Picture";
import { SnippetText } from "./SnippetText";

const CARD_SIZES = "(min-width: 1232px) 380px, (min-width: 700px) 45vw, 92vw";

/**
 * A post or video in a grid: its picture, category, title linking to its page, its words,
 * and a meta line. A search's snippet shows in place of the excerpt; a card without an
 * excerpt shows words only for a search.
 */
export function ItemCard({
  picture,
  overlay,
  eager,
  category,
  categoryHref,
  warm,
  title,
  href,
  heading: Heading,
  excerpt,
  snippet,
  meta,
}: {
  picture: string;
  /** Laid over the picture (a video's duration). */
  overlay?: ReactNode;
  /** Above the fold: the picture loads at once. */
  eager?: boolean;
  category: string;
  categoryHref: string;
  /** The category badge drawn warm, as videos draw theirs. */
  warm?: boolean;
  title: string;
  href: string;
  /** The title's level: h3 under a section's h2, h2 where the cards follow the page's h1. */
  heading: "h2" | "h3";
  excerpt?: string;
  snippet?: Snippet;
  meta: ReactNode;
}) {
  const image = (
    <Picture
      src={picture}
      alt=""
      width={640}
      height={360}
      widths={[320, 480, 640, 960]}
      sizes={CARD_SIZES}
      eager={eager}
    />
  );
  return (
    <article className="card">
      {overlay ? (
        <div className="card__media">
          {image}
          {overlay}
        </div>
      ) : (
        image
      )}
      <div className="card__body">
        <CategoryBadge category={category} href={categoryHref} warm={warm} />
        <Heading className="card__title">
          <a href={href}>{title}</a>
        </Heading>
        {(snippet || excerpt !== undefined) && (
          <p className="card__excerpt">{snippet ? <SnippetText snippet={snippet} /> : excerpt}</p>
        )}
        {meta}
      </div>
    </article>
  );
}
