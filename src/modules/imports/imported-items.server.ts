import { eq } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { redirectPath } from "./old-paths";

const { importedItems, redirects } = tables;

/** Whether an earlier import made the item with this key (and it is still here). */
export async function alreadyImported(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: importedItems.sourceKey })
    .from(importedItems)
    .where(eq(importedItems.sourceKey, key))
    .limit(1);
  return row !== undefined;
}

/**
 * Note, in the item's own transaction, that the import made it, and make its old addresses
 * lead to it. An address another item already has keeps that one (the first imported wins);
 * returns how many were added.
 */
export async function recordImported(
  tx: Db,
  made: { key: string; runId: number; postId: number },
  oldPaths: readonly string[],
): Promise<number> {
  await tx.insert(importedItems).values({ sourceKey: made.key, runId: made.runId, postId: made.postId });
  const paths = [...new Set(oldPaths.map(redirectPath).filter((path) => path !== null))];
  if (!paths.length) return 0;
  const added = await tx
    .insert(redirects)
    .values(paths.map((path) => ({ path, postId: made.postId, runId: made.runId })))
    .onConflictDoNothing({ target: redirects.path })
    .returning({ id: redirects.id });
  return added.length;
}
