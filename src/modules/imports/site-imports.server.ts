import path from "node:path";
import type { Db } from "@/lib/db.server";
import type { Settings } from "@/lib/settings.server";
import { MAX_BYTES } from "@/modules/uploads/contract";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import type { ImportSite } from "./import-work.server";

/** Where uploaded exports wait until their import ends. */
export const importsDir = (settings: Settings): string => path.join(settings.dataDir, "imports");

/** How long one image of an old site may take to arrive. */
const FETCH_TIMEOUT_MS = 30_000;

/** The site's imports: its database and store, `DATA_DIR/imports`, and an upload's limits for fetched images. */
export function importSite(settings: Settings, db: Db, store: ObjectStore): ImportSite {
  return {
    db,
    store,
    importsDir: importsDir(settings),
    fetch: { maxBytes: MAX_BYTES.image, timeoutMs: FETCH_TIMEOUT_MS, privateHosts: settings.importPrivateHosts },
  };
}
