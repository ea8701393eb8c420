import { z } from "zod";
import { CATEGORIES } from "@/lib/categories";
import { SOURCE_KINDS } from "./source-item";

/**
 * The owner's answer to the dry run, one schema for the form and the endpoint: where each
 * of the old site's categories and tags goes among the site's four (a term left out goes to
 * `defaultCategory`), whether what was published stays published, and whether the old
 * site's pages come along as posts.
 */
export const importOptionsSchema = z.strictObject({
  defaultCategory: z.enum(CATEGORIES),
  categories: z.record(z.string().max(500), z.enum(CATEGORIES)).default({}),
  keepPublished: z.boolean().default(false),
  includePages: z.boolean().default(false),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** How many of the examples of one kind a report lists: the count says how many there are in all. */
export const REPORT_EXAMPLES = 100;

const count = z.number().int().nonnegative();

/** What the dry run found, before anything is written: what the admin shows and the owner answers. */
export const importReportSchema = z.object({
  source: z.enum(SOURCE_KINDS),
  /** The kind of folder, for Markdown (jekyll, hugo, …). */
  flavor: z.string().nullable(),
  siteUrl: z.string().nullable(),
  items: z.object({
    posts: count,
    pages: count,
    videos: count,
    published: count,
    drafts: count,
    scheduled: count,
    /** Made by an earlier import of this export: left as they are. */
    alreadyImported: count,
  }),
  images: z.object({
    total: count,
    inExport: count,
    toFetch: count,
    /** Bytes of the images the export holds. */
    exportBytes: count,
    /** Images neither in the export nor at an address that answered, with why; at most REPORT_EXAMPLES. */
    missing: z.array(z.object({ ref: z.string(), reason: z.string(), item: z.string() })),
    missingCount: count,
  }),
  /** Slugs another post already has, and what each will be instead. */
  slugClashes: z.array(z.object({ item: z.string(), slug: z.string(), becomes: z.string() })),
  slugClashCount: count,
  /** What the site cannot carry, each kind counted over every item. */
  dropped: z.array(z.object({ what: z.string(), count })),
  /** What the export holds that the site does not take (comments, threads…), counted. */
  skipped: z.record(z.string(), count),
  /** Every category and tag, the number of items with it, and the category it suggests (by name). */
  terms: z.array(z.object({ name: z.string(), count, suggested: z.enum(CATEGORIES).nullable() })),
  /** Old addresses that will answer with the new pages. */
  oldPaths: count,
  /** Items that cannot be taken as they are, and why; the rest are imported without them. */
  refused: z.array(z.object({ item: z.string(), reason: z.string() })),
});
export type ImportReport = z.output<typeof importReportSchema>;
