import { and, eq, inArray, like } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { invalid, notFound } from "@/lib/errors";
import { updatePost } from "@/modules/posts/post-writes.server";
import { postInputSchema } from "@/modules/posts/schema";
import { serializeAdminPost } from "@/modules/posts/serialize";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { resizableKey } from "@/modules/uploads/upload-keys";
import { rewriteAddresses } from "./body-addresses";
import { likeLiteral } from "./imported-items.server";

const { importedMedia, importedItems, posts } = tables;

/**
 * The owner sends, by hand, an image an import could not bring (`url`: the upload they made
 * of it): it becomes that image's copy, and every post the old site imported that shows it
 * points at it now, each saved as an edit is (a revision, its pages drawn again). Returns
 * how many posts changed.
 */
export async function supplyMedia(
  db: Db,
  store: ObjectStore,
  runId: number,
  ref: string,
  url: string,
): Promise<{ posts: number }> {
  const key = resizableKey(url);
  if (!key || (await store.size(key)) === null) throw invalid("Not an image uploaded to this site", "url");
  const [missing] = await db
    .select()
    .from(importedMedia)
    .where(and(eq(importedMedia.runId, runId), eq(importedMedia.ref, ref)))
    .limit(1);
  if (!missing) throw notFound("Image of this import");
  await db
    .update(importedMedia)
    .set({ url, failure: null, updatedAt: new Date() })
    .where(eq(importedMedia.sourceKey, missing.sourceKey));
  // Every post of the same old site (the media key's origin), not only this run's.
  const origin = missing.sourceKey.slice(0, missing.sourceKey.length - ref.length - 1);
  const showing = await db
    .select()
    .from(posts)
    .where(
      and(
        inArray(
          posts.id,
          db
            .select({ id: importedItems.postId })
            .from(importedItems)
            .where(like(importedItems.sourceKey, `${likeLiteral(origin)}|%`)),
        ),
        like(posts.content, `%${likeLiteral(ref)}%`),
      ),
    );
  let changed = 0;
  for (const post of showing) {
    const content = rewriteAddresses(post.content, new Map([[ref, url]]));
    if (content === post.content) continue;
    await updatePost(db, post.id, postInputSchema.parse({ ...serializeAdminPost(post), content }));
    changed++;
  }
  return { posts: changed };
}
