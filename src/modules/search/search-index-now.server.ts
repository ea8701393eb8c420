import type { Db } from "@/lib/db.server";
import { buildPagefindBundle } from "./pagefind-build.server";
import { PagefindFiles } from "./pagefind-files.server";
import { siteSearchRecords } from "./search-records.server";

/**
 * Build the search index from the database now and make it current in `dir`
 * (`DATA_DIR/pagefind`), as the site worker does after a change: for a process that is not
 * the site (a restore), whose next start then serves it at once. Returns how many pages it holds.
 */
export async function buildSearchIndexNow(db: Db, dir: string): Promise<number> {
  const records = await siteSearchRecords(db);
  await new PagefindFiles(dir).install(await buildPagefindBundle(records));
  return records.length;
}
