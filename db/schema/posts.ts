import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { BODY_FORMATS } from "../body-formats.ts";
import { CONTENT_STATUSES } from "../content-statuses.ts";
import { MEH_RATING, PLACEHOLDER_IMAGE } from "../domain-constants.ts";
import { categoryList, mehRatingRange, statusList, tsvector, weightedDocument } from "./columns.ts";

const formatList = sql.raw(BODY_FORMATS.map((f) => `'${f}'`).join(", "));

export const posts = pgTable(
  "posts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    content: text().notNull(),
    // How `content` is written (`plain` for every post from before Markdown; see body-formats.ts).
    format: text({ enum: BODY_FORMATS }).notNull().default("plain"),
    // The words a reader reads in `content`, without its markup (`bodyText`), written with it:
    // what full-text search reads, since a generated column cannot render Markdown. Null when
    // they are the content itself: a plain post from before Markdown, or a row written
    // straight into the database by anything but the site.
    contentText: text("content_text"),
    imageUrl: text("image_url").notNull().default(PLACEHOLDER_IMAGE),
    // What the cover shows, for those who cannot see it; none when it is marked decorative
    // (or was never described: posts from before the field, and the spec's payloads).
    imageAlt: text("image_alt"),
    imageDecorative: boolean("image_decorative").notNull().default(false),
    category: text().notNull(),
    mehRating: integer("meh_rating").notNull().default(MEH_RATING.default),
    existentialEcho: text("existential_echo"),
    soundtrackPotential: text("soundtrack_potential"),
    emotionalTexture: text("emotional_texture"),
    readTime: integer("read_time").notNull(),
    status: text({ enum: CONTENT_STATUSES }).notNull().default("published"),
    // When it went or goes public; for a draft, when it last was (or when it was written).
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    // Set when it went public later than scheduled because no instance was running then.
    lateSeconds: integer("late_seconds"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    featured: boolean().notNull().default(false),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(weightedDocument("title", "excerpt", "coalesce(content_text, content)")),
    // Title and excerpt alone, for ranking: a few hundred bytes where the whole document is
    // kilobytes, so ranking a common word's thousands of matches stays cheap.
    searchHead: tsvector("search_head").notNull().generatedAlwaysAs(weightedDocument("title", "excerpt")),
  },
  (t) => [
    check("posts_status_known", sql`${t.status} in (${statusList})`),
    check("posts_format_known", sql`${t.format} in (${formatList})`),
    check("posts_meh_rating_range", sql`${t.mehRating} ${mehRatingRange}`),
    check("posts_category_known", sql`${t.category} in (${categoryList})`),
    check("posts_read_time_positive", sql`${t.readTime} >= 1`),
    check("posts_slug_format", sql`${t.slug} ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'`),
    // Written straight into the index, with no pending list for each search to read first:
    // the embedded database runs no vacuum to ever merge one (migration 0031).
    index("posts_search_idx").using("gin", t.search).with({ fastupdate: false }),
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    // The matches a search ranks (`rankedSearch`), found without reading every full-text hit.
    index("posts_search_head_idx").using("gin", t.searchHead).with({ fastupdate: false }),
    // In the listings' own order (newest first, the id breaking ties), so a page is read
    // from the index instead of sorting every row, for the whole list and for a category.
    // NULLS FIRST as ORDER BY ... DESC means it: an index in another null order is not used.
    // Of published rows only, as every public read asks (`isPublic`): drafts cost them nothing.
    index("posts_newest_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("posts_category_newest_idx")
      .on(t.category, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // The home page's featured post: the newest of the few featured, without walking the rest.
    // What the scheduler looks for: the few items waiting for their time.
    index("posts_scheduled_idx")
      .on(t.publishedAt)
      .where(sql`${t.status} = 'scheduled'`),
    index("posts_featured_newest_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.featured} and ${t.status} = 'published'`),
  ],
);
