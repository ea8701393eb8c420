import "../src/server/load-env.ts";
import { setTimeout as wait } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createDb, DatabaseInUseError, type DbHandle } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { readControlFile } from "../src/lib/control-file.server.ts";
import { formatBytes } from "../src/lib/format.ts";
import { parseSettings, type Settings } from "../src/lib/settings.server.ts";
import type { BackupRunView } from "../src/modules/archive/backup-view.ts";
import { writeBackup } from "../src/modules/archive/backups.server.ts";
import { backupShelf, backupSite } from "../src/modules/archive/site-backups.server.ts";
import { createObjectStore } from "../src/modules/uploads/open-object-store.server.ts";

const usage = `Back the site up now: the whole site, personal data included, as one archive.

  npm run backup

Written to DATA_DIR/backups, or under backups/ in the S3 bucket when one is set, like the
scheduled backups, and counted among the BACKUP_KEEP kept. Works whether the site is running
(it asks the site) or stopped (it opens the database itself).`;

// How often the running site is asked how the backup is going.
const POLL_MS = 500;

/** Back up with the database opened here: the site is stopped, or on a PostgreSQL server both can reach. */
async function backUpHere(settings: Settings, handle: DbHandle): Promise<{ where: string; bytes: number }> {
  await runMigrations(handle);
  const store = await createObjectStore(settings, handle.db);
  return writeBackup(handle.db, backupSite(settings, handle, store), { trigger: "command" });
}

/** Ask the running site, which holds the embedded database, to back up, and wait for it to finish. */
async function backUpThroughSite(settings: Settings): Promise<{ where: string; bytes: number }> {
  const control = readControlFile(settings.dataDir);
  if (!control) {
    throw new Error(
      "The database is open in another process that is not a running site of this folder: stop it first.",
    );
  }
  const headers = {
    Authorization: `Bearer ${control.token}`,
    Origin: settings.writeOrigin ?? control.origin,
    "Content-Type": "application/json",
  };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${control.origin}/api/data/backups/command${path}`, { ...init, headers });
    const body = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(body.error ?? `The site answered ${String(response.status)}.`);
    return body;
  };
  const { runId } = await call<{ runId: number }>("", { method: "POST", body: "{}" });
  console.log("  The site is running: it is making the backup.");
  for (;;) {
    const run = await call<BackupRunView>(`?run=${String(runId)}`);
    if (run.status === "failed") throw new Error(run.error ?? "The backup failed.");
    if (run.status === "ok" && run.name) return { where: backupShelf(settings).where(run.name), bytes: run.bytes ?? 0 };
    await wait(POLL_MS);
  }
}

const { values } = parseArgs({ options: { help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const settings = parseSettings(process.env);
let handle: DbHandle | undefined;
try {
  try {
    handle = createDb(settings.databaseUrl);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
  }
  const { where, bytes } = handle ? await backUpHere(settings, handle) : await backUpThroughSite(settings);
  console.log(`\n  Backup written: ${where} (${formatBytes(bytes)})\n`);
} catch (error) {
  console.error(`\n  The backup failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
