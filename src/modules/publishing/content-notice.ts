import { z } from "zod";
import { changeOf, type ContentChange } from "./content-tags";

/** The channel the database announces every content change on (migration 0021). */
export const CONTENT_CHANNEL = "meh_content_changed";

/** The change a row of each table pages show makes, by the key its notice names it with. */
const changeOfRow = {
  posts: (id: string) => changeOf.post(Number(id)),
  videos: (id: string) => changeOf.video(Number(id)),
  post_images: (postId: string) => changeOf.postGallery(Number(postId)),
  css_themes: () => changeOf.theme(),
  page_layouts: (pageName: string) => changeOf.layout(pageName),
  layout_versions: (pageName: string) => changeOf.layout(pageName),
} satisfies Record<string, (key: string) => ContentChange>;

type ShownTable = keyof typeof changeOfRow;

const payload = z.object({
  origin: z.string().nullable(),
  version: z.number().int(),
  table: z.enum(Object.keys(changeOfRow) as [ShownTable, ...ShownTable[]]),
  keys: z.array(z.string().max(200)).max(1000).nullable(),
});

/** A content change as the database announced it, in the transaction that made it. */
export interface ContentNotice {
  /** Who made it: the `origin` of the pool it was made through (`DbHandle`), or null (psql, a migration). */
  origin: string | null;
  /** The content version it moved the database to: each notice's is one past the last's. */
  version: number;
  /** What it changed, or null when the database could not say which rows (a truncate). */
  change: ContentChange | null;
}

/**
 * The notice a payload carries, or null for one that is none of ours.
 * @example readNotice('{"origin":null,"version":8,"table":"posts","keys":["3"]}')
 * // { origin: null, version: 8, change: { tags: ["posts", "post:3"] } }
 */
export function readNotice(text: string): ContentNotice | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = payload.safeParse(data);
  if (!parsed.success) return null;
  const { origin, version, table, keys } = parsed.data;
  const tags = keys?.flatMap((key) => changeOfRow[table](key).tags);
  return { origin, version, change: tags ? { tags: [...new Set(tags)] } : null };
}
