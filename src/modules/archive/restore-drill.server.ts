import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getTableName, sql } from "drizzle-orm";
import { createDb } from "../../../db/client";
import type { DrillResult } from "../../../db/schema/backups";
import type { Db } from "@/lib/db.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { Manifest } from "./archive-format";
import { TABLE_PARTS } from "./archive-tables.server";
import { restoreArchive } from "./restore-archive.server";

export type { DrillResult };

/** The rows `db` holds of each table the archive counts, read as the archive reads them. */
async function countRows(db: Db, manifest: Manifest): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const part of TABLE_PARTS) {
    if (part.personal && !manifest.personalData) continue;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(part.table)
      .where(part.where);
    const name = getTableName(part.table);
    counts[name] = (counts[name] ?? 0) + (row?.n ?? 0);
  }
  return counts;
}

/**
 * Restore `file` into a scratch embedded database and a scratch upload folder in a temporary
 * folder of its own, count every table again there and compare with the manifest, then
 * remove it all. The live site is never opened or written: the drill proves that a backup
 * would bring the site back, and says what differs when it would not. Never throws for a
 * bad archive; its result says why.
 */
export async function restoreDrill(file: string, options: { scratchDir?: string } = {}): Promise<DrillResult> {
  const at = new Date();
  const started = performance.now();
  const result = (differences: string[], tables: DrillResult["tables"] = {}): DrillResult => ({
    at: at.toISOString(),
    archive: path.basename(file),
    ok: differences.length === 0,
    differences,
    tables,
    ms: performance.now() - started,
  });
  const dir = await mkdtemp(path.join(options.scratchDir ?? os.tmpdir(), "meh-drill-"));
  try {
    const handle = createDb(`file:${path.join(dir, "db")}`);
    try {
      const store = new LocalStore(path.join(dir, "uploads"), handle.db);
      const restored = await restoreArchive(file, { handle, store }, { scratchDir: dir });
      const counted = await countRows(handle.db, restored.manifest);
      // The seeding mark a restore adds to an archive without posts or videos is not the archive's.
      if (restored.markedSeeded) counted.app_state = (counted.app_state ?? 0) - 1;
      const tables: DrillResult["tables"] = {};
      const differences: string[] = [];
      for (const [table, expected] of Object.entries(restored.manifest.tables)) {
        const rows = counted[table] ?? 0;
        tables[table] = { expected, restored: rows };
        if (rows !== expected) {
          differences.push(`${table}: ${String(rows)} rows restored, the manifest counts ${String(expected)}`);
        }
      }
      return result(differences, tables);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return result([error instanceof Error ? error.message : String(error)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
