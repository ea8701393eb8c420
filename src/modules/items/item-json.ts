import { allowed } from "@/lib/allowlist";
import { ITEM_FIELDS, type ItemFields } from "@/modules/editorial/item-document";

/** What every item's row holds of the fields the API sends. */
export interface ItemJsonSource extends ItemFields {
  id: number;
  slug: string;
  publishedAt: Date;
}

/** The fields of SPEC §3 every item has, as the API sends them; each kind adds its own. */
export function itemJson(item: ItemJsonSource) {
  return { id: item.id, slug: item.slug, ...allowed(item, ITEM_FIELDS), publishedAt: item.publishedAt.toISOString() };
}
