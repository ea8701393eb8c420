import { createHash } from "node:crypto";
import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { deserialize, serialize } from "node:v8";
import { isServerUrl } from "../../db/database-url.ts";
import { storedPageOf, type StoredPage } from "../modules/publishing/stored-page.server";

/** Stored pages as a clean stop leaves them, for the next start to answer with at once. */
interface Snapshot {
  /** What the pages were rendered with (the build and the settings): another one means other pages. */
  fingerprint: string;
  pages: [string, StoredPage][];
}

/**
 * What the pages depend on besides the database: the build (the server entry changes with
 * every build) and the settings (the site's address and name are in every page).
 */
export async function renderFingerprint(serverEntry: string, settings: unknown): Promise<string> {
  const entry = await stat(serverEntry);
  return createHash("sha256")
    .update(JSON.stringify([entry.size, entry.mtimeMs, settings]))
    .digest("base64url");
}

/**
 * The pages a clean stop left, if they were rendered by this build with these settings, and
 * none once read: the file is removed before anything is served from it, so pages kept by a
 * run that later crashed (and may have changed content after) are never trusted.
 */
export async function takeSnapshot(file: string, fingerprint: string): Promise<[string, StoredPage][]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return [];
  }
  await rm(file, { force: true });
  try {
    const snapshot = deserialize(bytes) as Snapshot;
    if (snapshot.fingerprint !== fingerprint) return [];
    const now = Date.now();
    return snapshot.pages
      .map(([key, page]): [string, StoredPage] => [key, storedPageOf(page)])
      .filter(([, page]) => page.expiresAt > now);
  } catch {
    return [];
  }
}

/** Keep the fresh pages for the next start; written whole under another name, then renamed. */
export async function writeSnapshot(
  file: string,
  fingerprint: string,
  pages: Iterable<[string, StoredPage]>,
): Promise<void> {
  const snapshot: Snapshot = { fingerprint, pages: [...pages] };
  const partial = `${file}.partial`;
  await writeFile(partial, serialize(snapshot));
  await rename(partial, file);
}

/**
 * The kept pages that still show what the database holds. The embedded database is this
 * process's alone, and any other opener removed the pages (`db/kept-pages.ts`). A
 * PostgreSQL server may have been changed by other instances, or by hand, while this one
 * was away: only pages rendered at its current content version are kept, and none if it
 * cannot say.
 */
export async function currentKeptPages(
  databaseUrl: string,
  pages: [string, StoredPage][],
): Promise<[string, StoredPage][]> {
  if (pages.length === 0 || !isServerUrl(databaseUrl)) return pages;
  // The PostgreSQL client is loaded by the front thread only here, for this one question:
  // as it loads it also builds a Response, which loads Node's whole fetch implementation.
  const { contentVersionAt } = await import("../../db/content-version.ts");
  const current = await contentVersionAt(databaseUrl);
  return pages.filter(([, page]) => page.contentVersion === current);
}
