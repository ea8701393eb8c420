import { and, eq, isNotNull, like } from "drizzle-orm";
import { type Db, tables } from "@/lib/db.server";
import { redirectPath } from "./old-paths";

const { importedItems, importedMedia, redirects } = tables;

/**
 * The keys of every item earlier imports of this old site made (and that are still here),
 * read at once: what a dry run of a large export checks each item against.
 */
export async function importedFrom(db: Db, origin: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: importedItems.sourceKey })
    .from(importedItems)
    .where(like(importedItems.sourceKey, `${likeLiteral(origin)}|%`));
  return new Set(rows.map((row) => row.key));
}

/** The images earlier imports of this old site brought in, by their old address: read at once, as above. */
export async function mediaBroughtFrom(db: Db, origin: string): Promise<Set<string>> {
  const rows = await db
    .select({ ref: importedMedia.ref })
    .from(importedMedia)
    .where(and(like(importedMedia.sourceKey, `${likeLiteral(origin)}|%`), isNotNull(importedMedia.url)));
  return new Set(rows.map((row) => row.ref));
}

/** `text` matched as itself in a LIKE pattern. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
