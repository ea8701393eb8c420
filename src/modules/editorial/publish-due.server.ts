import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { changeOf, type ContentChange } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { sendJob } from "@/lib/job-registry";
import { endPreviewLinks } from "./preview-links.server";
import { LATE_AT_START_SECONDS } from "./publication";

const { posts, videos } = tables;

/**
 * Late by more than this, an item went public late because no instance was running: the
 * job sent for its time publishes it within seconds whenever one is, and the minute's
 * sweep within a minute even if that job was lost.
 */
const LATE_AFTER_SECONDS = 60;

export interface PublishDueOptions {
  /** The time to publish up to; the database's clock unless a test moves it on. */
  now?: Date;
  /** The sweep at a server's start: what it finds was due while no instance ran. */
  atStart?: boolean;
  /**
   * The schedule's own time, for the run sent for it (`wakeAt`). A run that comes more than
   * a start forgives after it did not run on time because no instance was running: it finds
   * what the start's sweep would, and the first of the two to run notes it as late.
   */
  dueAt?: string;
}

/** What one sweep published. */
export interface PublishedDue {
  posts: number[];
  videos: number[];
}

/**
 * Publish every scheduled post and video whose time has come. One UPDATE per table flips
 * what is due, so with several instances sweeping at once each item is flipped by exactly
 * one of them (the others' UPDATE finds it no longer scheduled), and only that one emits
 * the content change (re-render, other instances, search index).
 *
 * An item keeps its scheduled date, never one later than the moment it went public; one
 * found late records by how much, for the admin's "published N minutes late" note. Its
 * preview links end in the same transaction, as with any publish.
 */
export async function publishDue(
  db: Db,
  { now, atStart = false, dueAt }: PublishDueOptions = {},
): Promise<PublishedDue> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const overdueRun =
    dueAt !== undefined && (now?.getTime() ?? Date.now()) - Date.parse(dueAt) > LATE_AT_START_SECONDS * 1000;
  const forgiven = atStart || overdueRun ? LATE_AT_START_SECONDS : LATE_AFTER_SECONDS;
  const flip = async (tx: Db, table: typeof posts | typeof videos): Promise<number[]> => {
    const late = sql`extract(epoch from (${at} - ${table.publishedAt}))`;
    const lateEnough = sql`${late} > ${forgiven}`;
    const rows = await tx
      .update(table)
      .set({
        status: "published",
        publishedAt: sql`least(${table.publishedAt}, now())`,
        lateSeconds: sql`case when ${lateEnough} then ceil(${late})::integer end`,
        updatedAt: sql`now()`,
      })
      .where(sql`${table.status} = 'scheduled' and ${table.publishedAt} <= ${at}`)
      .returning({ id: table.id });
    return rows.map((row) => row.id);
  };
  const published = await db.transaction(async (tx) => {
    const flipped = { posts: await flip(tx, posts), videos: await flip(tx, videos) };
    await endPreviewLinks(tx, "post", flipped.posts);
    await endPreviewLinks(tx, "video", flipped.videos);
    return flipped;
  });
  const changes: ContentChange[] = [...published.posts.map(changeOf.post), ...published.videos.map(changeOf.video)];
  if (changes.length > 0) await sitePublisher().publish({ tags: [...new Set(changes.flatMap((c) => c.tags))] });
  return published;
}

/**
 * Make sure the sweep (the `publish-due` job, src/server/jobs.ts) runs at `publishedAt`, not
 * only at the next minute's: a job sent to start then.
 */
export async function wakeAt(publishedAt: Date): Promise<void> {
  await sendJob("publish-due", { dueAt: publishedAt.toISOString() }, { startAfter: publishedAt });
}
