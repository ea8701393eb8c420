import * as pagefind from "pagefind";
import type { IndexFile } from "./pagefind-files.server";
import { pagefindPage } from "./pagefind-page";
import { SEARCH_LANGUAGE, type SearchRecord } from "./search-records";

/** Records are sent to Pagefind's process this many at a time. */
const BATCH = 200;

/** Add one record: as a page when it says something, so each line said is an anchor (see pagefindPage). */
function add(index: pagefind.PagefindIndex, record: SearchRecord) {
  const { said, ...custom } = record;
  return said ? index.addHTMLFile({ url: record.url, content: pagefindPage(record) }) : index.addCustomRecord(custom);
}

function failIf(errors: string[], step: string): void {
  if (errors.length > 0) throw new Error(`Pagefind could not ${step}: ${errors.join("; ")}`);
}

/**
 * Index every record in Pagefind's native process and hand back the bundle's files. Pagefind
 * has no incremental indexing (a new page touches most of the alphabetically sharded parts),
 * so each change rebuilds the whole index; its calls report errors rather than throw.
 */
export async function buildPagefindBundle(records: SearchRecord[]): Promise<IndexFile[]> {
  const created = await pagefind.createIndex({ forceLanguage: SEARCH_LANGUAGE });
  failIf(created.errors, "start an index");
  const index = created.index;
  if (!index) throw new Error("Pagefind started no index.");
  try {
    for (let start = 0; start < records.length; start += BATCH) {
      const added = await Promise.all(records.slice(start, start + BATCH).map((r) => add(index, r)));
      failIf(
        added.flatMap((result) => result.errors),
        "index a page",
      );
    }
    const { errors, files } = await index.getFiles();
    failIf(errors, "write the index");
    return files;
  } finally {
    await index.deleteIndex();
  }
}

/** Stop Pagefind's process, so the server (or a test) can exit. */
export async function closePagefind(): Promise<void> {
  await pagefind.close();
}
