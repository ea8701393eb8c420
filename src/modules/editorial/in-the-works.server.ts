import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";

const { posts, videos } = tables;

/** How many of each the dashboard lists. */
const SHOWN = 5;

export interface WorkItem {
  kind: "post" | "video";
  title: string;
  /** When it was last saved (a draft) or goes public (scheduled). */
  at: Date;
}

/** What the owner has not published yet: the latest drafts, and what is scheduled next. */
export async function inTheWorks(db: Db): Promise<{ drafts: WorkItem[]; scheduled: WorkItem[] }> {
  const read = (table: typeof posts | typeof videos, kind: WorkItem["kind"], status: "draft" | "scheduled") =>
    db
      .select({
        kind: sql<WorkItem["kind"]>`${kind}`,
        title: table.title,
        at: status === "draft" ? table.updatedAt : table.publishedAt,
      })
      .from(table)
      .where(eq(table.status, status))
      .orderBy(status === "draft" ? desc(table.updatedAt) : asc(table.publishedAt))
      .limit(SHOWN);
  const [postDrafts, videoDrafts, postsNext, videosNext] = await Promise.all([
    read(posts, "post", "draft"),
    read(videos, "video", "draft"),
    read(posts, "post", "scheduled"),
    read(videos, "video", "scheduled"),
  ]);
  return {
    drafts: [...postDrafts, ...videoDrafts].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, SHOWN),
    scheduled: [...postsNext, ...videosNext].sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, SHOWN),
  };
}
