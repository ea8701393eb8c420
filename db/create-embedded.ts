import { cpSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { isCluster, keptClusterDir } from "./kept-cluster.ts";

// Run by db/client.ts, as a process of its own, on an empty data directory when no empty
// cluster is kept yet: PGlite creates a cluster with a second WebAssembly program (initdb),
// and the memory it grows to stays with the process that ran it, some 300 MB the server
// would hold for as long as it runs. The cluster is made for keeping, then copied; where
// the cache cannot be written (a read-only install), it is made in place.
const dir = process.argv[2];
if (!dir) throw new Error("Usage: node db/create-embedded.ts <data directory>");

async function createCluster(target: string): Promise<void> {
  const db = await PGlite.create(target);
  await db.close();
}

/** Make the kept empty cluster. */
async function keepCluster(kept: string): Promise<void> {
  // Made aside and renamed into place, so a process starting at the same time never copies
  // half a cluster; of two made at once, the first renamed stays and the other is dropped.
  const making = `${kept}.${String(process.pid)}`;
  mkdirSync(making, { recursive: true });
  try {
    await createCluster(making);
    renameSync(making, kept);
  } catch (error) {
    if (!isCluster(kept)) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}

const kept = keptClusterDir();
try {
  if (!isCluster(kept)) await keepCluster(kept);
  cpSync(kept, dir, { recursive: true });
} catch {
  await createCluster(dir);
}
