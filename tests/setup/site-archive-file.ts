import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { DbHandle } from "../../db/client.ts";
import { useJobSender } from "../../src/lib/job-registry.ts";
import type { Manifest } from "../../src/modules/archive/archive-format.ts";
import { openArchive } from "../../src/modules/archive/write-archive.server.ts";
import { LocalStore } from "../../src/modules/uploads/local-store.server.ts";
import type { ObjectStore } from "../../src/modules/uploads/object-store.server.ts";
import { insertUser } from "../factories.ts";
import { fillArchiveSite, putSiteUploads } from "./archive-site.ts";
import { queuedJobs } from "./queued-jobs.ts";
import { createTestDb } from "./test-db.ts";

/** Archive the site in `handle` and `store`, with personal data unless said, into a new file in `dir`. */
export async function archiveToFile(
  handle: DbHandle,
  store: ObjectStore,
  dir: string,
  personalData = true,
): Promise<{ file: string; manifest: Manifest }> {
  const made = await openArchive(handle.db, {
    personalData,
    store,
    engine: handle.engine,
    software: { name: "meh-moments", version: "9.9.9" },
    scratchDir: dir,
  });
  const file = path.join(dir, `site-${crypto.randomUUID()}.zip`);
  await pipeline(made.stream, createWriteStream(file));
  return { file, manifest: await made.done };
}

/** The archive, in `dir`, of a site with one of everything (`fillArchiveSite`) and its uploads. */
export async function filledSiteArchive(dir: string): Promise<string> {
  const source = await createTestDb();
  useJobSender(queuedJobs(source).sender);
  try {
    const store = new LocalStore(path.join(dir, "source-uploads"), source.db);
    await putSiteUploads(store);
    const owner = { id: 0, username: "owner", role: "admin" };
    await insertUser(source.db, owner);
    await fillArchiveSite(source.db, owner.id);
    return (await archiveToFile(source, store, dir)).file;
  } finally {
    useJobSender(undefined);
    await source.close();
  }
}
