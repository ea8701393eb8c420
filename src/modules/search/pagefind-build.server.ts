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

/** Builds under way in this process: Pagefind's own process is ended once none is. */
let building = 0;

/**
 * Index every record in Pagefind's native process and hand back the bundle's files. Pagefind
 * has no incremental indexing (a new page touches most of the alphabetically sharded parts),
 * so each change rebuilds the whole index; its calls report errors rather than throw.
 * Pagefind's process starts with a build and ends after it: idle, it held some 15 MB for a
 * site that rebuilds only when its posts or videos change, and starting it costs no more
 * than the build's own noise (a few ms).
 */
export async function buildPagefindBundle(records: SearchRecord[]): Promise<IndexFile[]> {
  building += 1;
  try {
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
  } finally {
    building -= 1;
    if (building === 0) await pagefind.close();
  }
}
