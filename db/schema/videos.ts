import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_STATUSES } from "../content-statuses.ts";
import { MEH_RATING } from "../domain-constants.ts";
import { categoryList, mehRatingRange, statusList, tsvector, weightedDocument } from "./columns.ts";

export const videos = pgTable(
  "videos",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull(),
    videoUrl: text("video_url").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    // A WebVTT file of captions the player offers, if one was uploaded.
    captionsUrl: text("captions_url"),
    // A WebVTT chapters track, if one was uploaded; else the description's "0:00 Title" lines serve.
    chaptersUrl: text("chapters_url"),
    // The master playlist of its HLS ladder, once one is made from this very file; a new file
    // clears it (the trigger of migration 0029), so a ladder never outlives its upload.
    streamUrl: text("stream_url"),
    // What the captions say, cue by cue as plain text with the seconds each is said at, read
    // from the captions file when the video is saved: what search finds a spoken word in and
    // the moment a result links to. Empty when it has no captions; null until they are read
    // (a row from before this column, or restored from an archive: the transcripts job fills it).
    transcript: jsonb().$type<{ start: number; end: number; text: string }[]>(),
    duration: integer().notNull(),
    category: text().notNull(),
    mehRating: integer("meh_rating").notNull().default(MEH_RATING.default),
    existentialEcho: text("existential_echo"),
    soundtrackPotential: text("soundtrack_potential"),
    emotionalTexture: text("emotional_texture"),
    status: text({ enum: CONTENT_STATUSES }).notNull().default("published"),
    // When it went or goes public; for a draft, when it last was (or when it was written).
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    // Set when it went public later than scheduled because no instance was running then.
    lateSeconds: integer("late_seconds"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    featured: boolean().notNull().default(false),
    // The cues' words rank lowest, as a post's body does; only the texts are read, never the times.
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`${weightedDocument("title", "description")} || setweight(jsonb_to_tsvector('english', coalesce(transcript, '[]'), '["string"]'), 'C')`,
      ),
    // Title and description alone, for ranking: a transcript makes the whole document kilobytes.
    searchHead: tsvector("search_head").notNull().generatedAlwaysAs(weightedDocument("title", "description")),
    // Each line's words, in order, for finding which line says a search's words: stemming a
    // page of results. lines at search time took 140 ms, testing these 6 (the function is the
    // migration's: a generated column's expression cannot hold the subquery).
    transcriptLines: tsvector("transcript_lines")
      .array()
      .generatedAlwaysAs(sql`video_transcript_lines(transcript)`),
  },
  (t) => [
    check("videos_status_known", sql`${t.status} in (${statusList})`),
    check("videos_meh_rating_range", sql`${t.mehRating} ${mehRatingRange}`),
    check("videos_category_known", sql`${t.category} in (${categoryList})`),
    check("videos_duration_positive", sql`${t.duration} >= 0`),
    check("videos_slug_format", sql`${t.slug} ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'`),
    // Written straight into the index, with no pending list for each search to read first:
    // the embedded database runs no vacuum to ever merge one (migration 0031).
    index("videos_search_idx").using("gin", t.search).with({ fastupdate: false }),
    index("videos_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    // The matches a search ranks (`rankedSearch`), found without reading every full-text hit.
    index("videos_search_head_idx").using("gin", t.searchHead).with({ fastupdate: false }),
    // In the listings' own order (newest first, the id breaking ties), so a page is read
    // from the index instead of sorting every row, for the whole list and for a category.
    // NULLS FIRST as ORDER BY ... DESC means it: an index in another null order is not used.
    // Of published rows only, as every public read asks (`isPublic`).
    index("videos_newest_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("videos_scheduled_idx")
      .on(t.publishedAt)
      .where(sql`${t.status} = 'scheduled'`),
    index("videos_category_newest_idx")
      .on(t.category, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
  ],
);
