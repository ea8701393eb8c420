import { z } from "zod";

// The archive's layout, as the writer makes it and the verifier checks it. A person reads
// it without this software (docs/archive-format.md): Markdown with YAML front matter for
// posts and videos, the files they use beside them, JSON and JSON Lines for the rest, and
// a manifest naming every file with its SHA-256.

/** What the manifest says this is, so an archive of this site is told from any other zip. */
export const ARCHIVE_FORMAT = "meh-moments-site-archive";

/** The layout's version. A reader refuses a newer one, whose files it cannot know. */
export const FORMAT_VERSION = 1;

/** The one file that says what every other file is; written last. */
export const MANIFEST_PATH = "manifest.json";

/** A note at the top of the archive for whoever opens it. */
export const README_PATH = "README.md";

/** Where the archive keeps what the site serves at `/uploads/<key>`: `uploads/<key>`, the same path. */
export const UPLOADS_FOLDER = "uploads";

/**
 * A name for a file made from a row's text, safe in any file system: lowercase letters,
 * digits and dashes, at most 60 characters.
 * @example fileSlug("Home page (draft)") // "home-page-draft"
 */
export function fileSlug(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The archive's path of each kind of file. */
export const archivePaths = {
  post: (slug: string) => `posts/${slug}.md`,
  video: (slug: string) => `videos/${slug}.md`,
  theme: (id: number, name: string) => `themes/${String(id)}${name ? `-${fileSlug(name)}` : ""}.json`,
  layout: (id: number, pageName: string) => `layouts/${String(id)}${pageName ? `-${fileSlug(pageName)}` : ""}.json`,
  upload: (key: string) => `${UPLOADS_FOLDER}/${key}`,
} as const;

/**
 * Tables kept as JSON Lines, one row a line, each row's columns by their names in the
 * database, by the snapshot's part that fills them. The personal ones exist only in an
 * archive with personal data.
 */
export const JSON_LINES_FILES: Readonly<Record<string, string>> = {
  revisions: "revisions.jsonl",
  newsletter_issues: "newsletter/issues.jsonl",
  import_runs: "imports/runs.jsonl",
  imported_items: "imports/items.jsonl",
  imported_media: "imports/media.jsonl",
  redirects: "site/redirects.jsonl",
  analytics_pages: "analytics/pages.jsonl",
  analytics_sources: "analytics/sources.jsonl",
  app_state: "site/state.jsonl",
  users: "personal/users.jsonl",
  newsletter_subscribers: "personal/subscribers.jsonl",
  newsletter_deliveries: "personal/deliveries.jsonl",
  signing_keys: "personal/signing-keys.jsonl",
};

/** Where personal data lives in an archive that has it: nowhere else. */
export const PERSONAL_FOLDER = "personal/";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "Not a SHA-256 in hex");

/** One file of the archive as the manifest lists it. */
export const manifestFileSchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256,
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

/** Something an archive leaves out on purpose, and why. */
export const leftOutSchema = z.object({ what: z.string(), why: z.string() });
export type LeftOut = z.infer<typeof leftOutSchema>;

/** What `manifest.json` holds. */
export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  software: z.object({ name: z.string(), version: z.string() }),
  /** When the rows were read: every row is as it stood at this moment. */
  createdAt: z.iso.datetime({ offset: true }),
  database: z.object({
    engine: z.enum(["embedded", "postgres"]),
    /** How many of the schema's migrations the rows were written under, and the last one's name. */
    migrations: z.number().int().nonnegative(),
    lastMigration: z.string().nullable(),
  }),
  /** Whether users, newsletter readers and the delivery ledger are in it. */
  personalData: z.boolean(),
  /** Rows archived per table, by the table's name in the database. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** Every file but this one, in the order written. */
  files: z.array(manifestFileSchema),
  /** Files a row names under `/uploads/` that the store no longer held. */
  missingUploads: z.array(z.string()),
  leftOut: z.array(leftOutSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Read first, alone, so a newer layout is named as such rather than as a malformed manifest. */
export const manifestHeadSchema = z.object({ format: z.string(), formatVersion: z.number() });
