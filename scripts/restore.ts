import "../src/server/load-env.ts";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb, DatabaseInUseError, type DbHandle } from "../db/client.ts";
import { keptPagesFile } from "../db/kept-pages.ts";
import { formatBytes } from "../src/lib/format.ts";
import { parseSettings } from "../src/lib/settings.server.ts";
import { writeBackup } from "../src/modules/archive/backups.server.ts";
import { restoreArchive } from "../src/modules/archive/restore-archive.server.ts";
import { backupSite } from "../src/modules/archive/site-backups.server.ts";
import { buildSearchIndexNow } from "../src/modules/search/search-index-now.server.ts";
import { createObjectStore } from "../src/modules/uploads/open-object-store.server.ts";
import type { ObjectStore } from "../src/modules/uploads/object-store.server.ts";

const usage = `Restore a site archive into this site's database and upload store.

  npm run restore -- FILE [--replace]

Restores into DATA_DIR's embedded database, or into DATABASE_URL's PostgreSQL database when
it is set; uploads go to the store the settings name (S3 when S3_BUCKET is set). The site
must be stopped. The target must hold no site (a data directory or database the site never
started on); --replace empties one that does, after backing it up.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: "boolean" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** Say why, and end with code 1: nothing has been changed. */
function fail(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

const file = positionals[0];
if (!file || positionals.length > 1) fail(`Name one archive to restore.\n\n${usage}`);
if (!existsSync(file)) fail(`${file}: no such file.`);
const settings = parseSettings(process.env);

/** A copy of the site `--replace` is about to empty, written (and verified) first, where backups go. */
async function backUpWhatIsReplaced(handle: DbHandle, store: ObjectStore): Promise<void> {
  say("Backing up the site this restore replaces");
  const backup = await writeBackup(handle.db, backupSite(settings, handle, store), { trigger: "restore" });
  say(`Backed up to ${backup.where} (${formatBytes(backup.bytes)})`);
}

let handle: DbHandle;
try {
  handle = createDb(settings.databaseUrl);
} catch (error) {
  if (error instanceof DatabaseInUseError) fail(`${error.message}\n  Stop the site first, then restore.`);
  throw error;
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (step: string) => {
  console.log(`  [${elapsed()}] ${step}`);
};

try {
  const store = await createObjectStore(settings, handle.db);
  console.log(
    `\n  Restoring ${path.basename(file)} into ${handle.engine === "postgres" ? "PostgreSQL" : "the embedded database"} at ${handle.location}`,
  );
  const summary = await restoreArchive(
    path.resolve(file),
    { handle, store },
    {
      replace: values.replace,
      beforeReplace: () => backUpWhatIsReplaced(handle, store),
      progress: say,
    },
  );
  // Pages a clean stop kept show what was there before; the search index is built now, so the
  // first start serves the restored site's pages and search at once.
  rmSync(keptPagesFile(settings), { force: true });
  say("Building the search index");
  const pages = await buildSearchIndexNow(handle.db, path.join(settings.dataDir, "pagefind"));
  console.log(
    `\n  Restored, from ${summary.manifest.software.name} ${summary.manifest.software.version} (${summary.manifest.createdAt}):`,
  );
  for (const [table, rows] of Object.entries(summary.tables))
    console.log(`    ${table.padEnd(24)} ${String(rows).padStart(8)} rows`);
  console.log(`    ${"uploads".padEnd(24)} ${String(summary.files).padStart(8)} files`);
  console.log(`    ${"search index".padEnd(24)} ${String(pages).padStart(8)} pages`);
  if (!summary.manifest.personalData) {
    console.log(
      "\n  The archive holds no accounts: the next start creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD.",
    );
  }
  console.log(`\n  Done in ${elapsed()}. Start the site with npm start.\n`);
} catch (error) {
  // A refusal (a bad archive, a site in the way) or a failure on the way: either way the
  // transaction rolled back, so the database is as it was.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n  ${path.basename(file)}: ${message}\n  Nothing was changed in the database.\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
