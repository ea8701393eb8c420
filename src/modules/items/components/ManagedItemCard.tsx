import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import { MEH_RATING } from "../../../../db/domain-constants.ts";

/** What every item's admin JSON has that its card in a manager shows. */
export interface ManagedCardItem {
  title: string;
  category: string;
  featured: boolean;
  mehRating: number;
  publishedAt: string | null;
}

/** How one kind's card in its manager differs: which badge is warm, what more its meta line and body say. */
export interface ManagedCardLook<T> {
  /** The badge drawn warm: posts warm their featured badge, videos their category. */
  warm: "category" | "featured";
  /** Said on the meta line before the date (a video's duration). */
  meta?: (item: T) => ReactNode;
  /** Shown under the meta line (a post's excerpt). */
  summary?: (item: T) => ReactNode;
}

const badge = (warm: boolean) => (warm ? "badge badge--warm" : "badge");

/** An item's title, category, featured badge, rating and date, as its manager's card shows them. */
export function ManagedItemCard<T extends ManagedCardItem>({ item, look }: { item: T; look: ManagedCardLook<T> }) {
  return (
    <>
      <h2 className="card__title">{item.title}</h2>
      <p className="meta">
        <span className={badge(look.warm === "category")}>{item.category}</span>
        {item.featured && <span className={badge(look.warm === "featured")}>Featured</span>}
        <span>
          Meh Rating {item.mehRating}/{MEH_RATING.max}
        </span>
        {look.meta?.(item)}
        {item.publishedAt && <span>{formatDate(item.publishedAt)}</span>}
      </p>
      {look.summary?.(item)}
    </>
  );
}
