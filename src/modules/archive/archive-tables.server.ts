import { getTableColumns, getTableName, inArray, notInArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { tables } from "@/lib/db.server";
import { SIGNING_PURPOSES } from "@/lib/signing.server";
import type { LeftOut } from "./archive-format";

const t = tables;

/** One table, or one part of a table, as the snapshot reads it. */
export interface TablePart {
  /** Unique among the parts: the table's own name unless it is read in two parts. */
  part: string;
  table: PgTable;
  /** The columns rows are read in order of: unique together and never null, so each batch starts where the last ended. */
  order: PgColumn[];
  /** Left out of every row: made from other columns, which a restore makes them from again. */
  derived?: PgColumn[];
  /** Read only when personal data is asked for. */
  personal?: boolean;
  /** Only these rows. */
  where?: SQL;
  /** Rows per query; fewer where one row can be large (whole documents, stylesheets). */
  batch?: number;
}

/** The name of the table a part reads, as the manifest counts it. */
export const tableName = (part: TablePart): string => getTableName(part.table);

/** The columns a part's rows carry: all but the derived ones and those the database generates. */
export function archivedColumns(part: TablePart): PgColumn[] {
  return Object.values(getTableColumns(part.table)).filter(
    (column) => column.generated === undefined && !part.derived?.includes(column),
  );
}

// The signing keys sign readers' unsubscribe links, devices' cookies and upload permissions:
// secrets, which go only with the personal data whose links they keep working.
const secretState = inArray(t.appState.key, [...SIGNING_PURPOSES]);

/** Everything the archive reads, in the order it is read. */
export const TABLE_PARTS: readonly TablePart[] = [
  { part: "posts", table: t.posts, order: [t.posts.id], derived: [t.posts.contentText], batch: 200 },
  {
    part: "post_images",
    table: t.postImages,
    order: [t.postImages.postId, t.postImages.displayOrder, t.postImages.id],
  },
  // A video's streaming ladder is made again from its file by the restored site's job, and
  // its transcript from its captions.
  { part: "videos", table: t.videos, order: [t.videos.id], derived: [t.videos.streamUrl, t.videos.transcript] },
  { part: "revisions", table: t.revisions, order: [t.revisions.id], batch: 100 },
  { part: "css_themes", table: t.cssThemes, order: [t.cssThemes.id], batch: 20 },
  { part: "page_layouts", table: t.pageLayouts, order: [t.pageLayouts.id], batch: 50 },
  {
    part: "layout_versions",
    table: t.layoutVersions,
    order: [t.layoutVersions.layoutId, t.layoutVersions.versionNumber],
    batch: 50,
  },
  { part: "newsletter_issues", table: t.newsletterIssues, order: [t.newsletterIssues.id] },
  // What imports brought and from where, so importing the same export after a restore
  // changes nothing; and the old addresses that answer with the imported pages.
  { part: "import_runs", table: t.importRuns, order: [t.importRuns.id], batch: 20 },
  { part: "imported_items", table: t.importedItems, order: [t.importedItems.sourceKey] },
  { part: "imported_media", table: t.importedMedia, order: [t.importedMedia.sourceKey] },
  { part: "redirects", table: t.redirects, order: [t.redirects.id] },
  { part: "analytics_pages", table: t.analyticsPages, order: [t.analyticsPages.day, t.analyticsPages.path] },
  {
    part: "analytics_sources",
    table: t.analyticsSources,
    order: [t.analyticsSources.day, t.analyticsSources.kind, t.analyticsSources.name],
  },
  {
    part: "app_state",
    table: t.appState,
    order: [t.appState.key],
    where: notInArray(t.appState.key, [...SIGNING_PURPOSES]),
  },
  { part: "signing_keys", table: t.appState, order: [t.appState.key], where: secretState, personal: true },
  { part: "users", table: t.users, order: [t.users.id], personal: true },
  {
    part: "newsletter_subscribers",
    table: t.newsletterSubscribers,
    order: [t.newsletterSubscribers.id],
    personal: true,
  },
  { part: "newsletter_deliveries", table: t.newsletterDeliveries, order: [t.newsletterDeliveries.id], personal: true },
];

/** What every archive leaves out, and why; the manifest lists it. */
export const ALWAYS_LEFT_OUT: readonly LeftOut[] = [
  {
    what: "sessions",
    why: "Signed-in browsers: whoever held them could sign in. A restored site asks everyone to sign in again.",
  },
  {
    what: "rate_limits, login_failures, sign_in_addresses",
    why: "Throttle counters, failed sign-ins and the addresses accounts signed in from: short-lived records kept to guard sign-in, not content.",
  },
  {
    what: "passkeys, totp_factors, recovery_codes, sign_ins, pending_sign_ins, auth_challenges",
    why: "The accounts' second factors and sign-in record: a passkey is bound to the site's address, and an authenticator app's secret is sealed with the installation's FACTOR_KEY, which no archive carries. A restored site's owner signs in with the password and adds them again on the account page.",
  },
  {
    what: "upload_claims",
    why: "Upload keys already spent, swept within hours; the uploads themselves are under uploads/.",
  },
  {
    what: "preview_links",
    why: "Only hashes of preview links, which end within a week or when their item is published; new links are made as needed.",
  },
  {
    what: "analytics_salts, analytics_sketches",
    why: "A day's secret salt and its visitor sketches, deleted once the day has closed; the daily totals are in analytics/.",
  },
  {
    what: "the job queue (the pgboss schema)",
    why: "Schedules are declared by the software itself; work that was waiting is made again.",
  },
  {
    what: "stored pages and the search index",
    why: "Rendered from the content: a restored site renders and indexes it again.",
  },
  {
    what: "posts.content_text, posts.search, posts.search_head, videos.search, videos.search_head, newsletter_subscribers.mailbox",
    why: "Made from other columns of the same row, which a restore makes them from again.",
  },
  {
    what: "video_streams, videos.stream_url (the videos' streaming ladders)",
    why: "Made from each video's own file: a restored site with ffmpeg makes them again, one at a time, and until then plays the mp4.",
  },
  {
    what: "videos.transcript",
    why: "What a video's captions say, for search: read again from the captions file under uploads/ once the site is restored.",
  },
  {
    what: "uploads no row names, and uploads never checked (raw/)",
    why: "Files no post, video, gallery, theme, layout or revision uses; unchecked uploads are swept after a day.",
  },
  {
    what: "backups (the record of backup runs)",
    why: "Where earlier backups were kept and how their runs went: facts about this installation's files, not the site.",
  },
  {
    what: "the outbox (DATA_DIR/outbox)",
    why: "Copies of letters sent while no mail server was set, addressed to readers: mail, not the site.",
  },
];

/** What an archive without personal data leaves out besides. */
export const PERSONAL_LEFT_OUT: LeftOut = {
  what: "users, newsletter_subscribers, newsletter_deliveries and the signing keys",
  why: "Personal data (accounts with their password hashes, readers' addresses with their consent times, the delivery ledger), left out as asked; the signing keys go with it, since they keep readers' unsubscribe links working.",
};
