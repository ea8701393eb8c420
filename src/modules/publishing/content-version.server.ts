import { eq } from "drizzle-orm";
import { tables, type Db } from "@/lib/db.server";
import { CONTENT_VERSION_KEY } from "../../../db/content-version.ts";

const { appState } = tables;

/**
 * The database's content version: a number every change to what public pages show moves on,
 * whoever makes it (the triggers of migration 0021). A page whose render began at the current
 * number shows what the database holds.
 */
export async function contentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, CONTENT_VERSION_KEY));
  return Number(row?.value ?? 0);
}
