import type { ItemFields } from "@/modules/editorial/item-document";

/** What every item's row holds of the fields the API sends. */
export interface ItemJsonSource extends ItemFields {
  id: number;
  slug: string;
  publishedAt: Date;
}

/** The fields of SPEC §3 every item has, as the API sends them; each kind adds its own. */
export function itemJson(item: ItemJsonSource) {
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    category: item.category,
    mehRating: item.mehRating,
    existentialEcho: item.existentialEcho,
    soundtrackPotential: item.soundtrackPotential,
    emotionalTexture: item.emotionalTexture,
    publishedAt: item.publishedAt.toISOString(),
    featured: item.featured,
  };
}
