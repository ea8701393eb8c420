import { allowed } from "@/lib/allowlist";
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

/** The names of `ItemFields`, in the order documents and responses carry them. */
export const ITEM_FIELDS = [
  "title",
  "category",
  "mehRating",
  "existentialEcho",
  "soundtrackPotential",
  "emotionalTexture",
  "featured",
] as const satisfies readonly (keyof ItemFields)[];

/**
 * The part of a revision's document every item has: the shared fields and where it stood.
 * Each kind adds its own fields; sent back through its form's schema, the whole document is
 * the save that restores it.
 */
export function itemDocument(item: ItemFields & Pick<Publication, "status" | "publishedAt">) {
  return { ...allowed(item, ITEM_FIELDS), status: item.status, publishedAt: item.publishedAt.toISOString() };
}
