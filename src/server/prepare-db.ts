import { readFile } from "node:fs/promises";
import path from "node:path";
import { createDb, type DbHandle } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { ensureAdmin, type EnsureAdminResult } from "../modules/auth/admin-account.server.ts";
import { loadFactorKey } from "../modules/auth/factor-key.server.ts";
import { seedIfEmpty } from "../modules/content/seed.server.ts";
import type { Settings } from "../lib/settings.server.ts";
import { ensureSigningKeys } from "../lib/signing.server.ts";
import { ensureTheme } from "../modules/themes/themes.server.ts";
import { createObjectStore } from "../modules/uploads/open-object-store.server.ts";

export interface PreparedDb {
  handle: DbHandle;
  seeded: boolean;
  admin: EnsureAdminResult;
  /** The factor key, when this start made it: the banner shows it once. */
  factorKeyMade?: string;
}

/**
 * Open the database, bring its schema up to date, seed it if empty, and make sure the
 * signing keys, a theme, an admin and the factor key exist.
 */
export async function prepareDb(settings: Settings): Promise<PreparedDb> {
  const handle = createDb(settings.databaseUrl);
  try {
    await runMigrations(handle);
    await ensureSigningKeys(handle.db);
    const seeded = await seedIfEmpty(handle.db, {
      contentDir: path.resolve("content"),
      store: await createObjectStore(settings, handle.db),
    });
    await ensureTheme(handle.db, await readFile(path.resolve("content/theme/default.css"), "utf8"));
    const admin = await ensureAdmin(handle.db, settings.admin);
    const { madeNow: factorKeyMade } = await loadFactorKey(settings);
    return { handle, seeded, admin, factorKeyMade };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
