import { PGlite } from "@electric-sql/pglite";

// Run by db/client.ts, as a process of its own, on an empty data directory: PGlite creates a
// cluster with a second WebAssembly program (initdb), and the memory it grows to stays with
// the process that ran it, some 300 MB the server would hold for as long as it runs.
const dir = process.argv[2];
if (!dir) throw new Error("Usage: node db/create-embedded.ts <data directory>");
const db = await PGlite.create(dir);
await db.close();
