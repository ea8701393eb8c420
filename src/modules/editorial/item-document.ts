import type { Publication } from "./publication";

/** What posts and videos share, as their forms send it. */
export interface ItemFields {
  title: string;
  category: string;
  mehRating: number;
  existentialEcho: string | null;
  soundtrackPotential: string | null;
  emotionalTexture: string | null;
  featured: boolean;
}

/**
 * The part of a revision's document every item has: the shared fields and where it stood.
 * Each kind adds its own fields; sent back through its form's schema, the whole document is
 * the save that restores it.
 */
export function itemDocument(item: ItemFields & Pick<Publication, "status" | "publishedAt">) {
  return {
    title: item.title,
    category: item.category,
    mehRating: item.mehRating,
    existentialEcho: item.existentialEcho,
    soundtrackPotential: item.soundtrackPotential,
    emotionalTexture: item.emotionalTexture,
    featured: item.featured,
    status: item.status,
    publishedAt: item.publishedAt.toISOString(),
  };
}
