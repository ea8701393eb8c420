import type { ContentChange } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { isPublished, type Publication } from "./publication";
import { wakeAt } from "./publish-due.server";

/**
 * After a write to a post or video commits: tell the public side when visitors could see
 * the item before or can now (a draft's edits drop no page and re-render nothing), and
 * make sure a schedule's sweep runs at its time. `after` is absent for a delete.
 */
export async function announce(
  change: ContentChange,
  before: Pick<Publication, "status"> | undefined,
  after: Publication | undefined,
): Promise<void> {
  if ((before && isPublished(before)) || (after && isPublished(after))) await sitePublisher().publish(change);
  if (after?.status === "scheduled") await wakeAt(after.publishedAt);
}
