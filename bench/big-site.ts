// A generator of big sites, so every figure about a large archive can be reproduced: N posts
// (copies of the sample posts, each with a word of its own) and M videos with transcripts,
// added to a seeded database (the embedded one in a data directory, or a PostgreSQL server).
//
//   tsx bench/big-site.ts --posts 10000 --videos 1000 --data-dir /tmp/big   (PGlite)
//   tsx bench/big-site.ts --posts 10000 --videos 1000 --data-dir /tmp/big --database-url postgres://…
//
// Then `DATA_DIR=/tmp/big npm start` (with the same DATABASE_URL) serves it; the data
// directory holds the sample content's uploads either way.
import { pathToFileURL } from "node:url";
import path from "node:path";
import type { DbHandle } from "../db/client.ts";
import { openBigSite } from "./big-site-args.ts";
import { runMigrations } from "../db/migrate.ts";
import { seedIfEmpty } from "../src/modules/content/seed.server.ts";
import { LocalStore } from "../src/modules/uploads/local-store.server.ts";
import { growSite } from "../tests/setup/grow-site.ts";

/** Migrate and seed the database, then grow it to `target`; returns the counts. */
export async function growBigSite(handle: DbHandle, dataDir: string, target: { posts: number; videos: number }) {
  await runMigrations(handle);
  await seedIfEmpty(handle.db, {
    contentDir: "content",
    store: new LocalStore(path.join(dataDir, "uploads"), handle.db),
  });
  return growSite(handle.db, target);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { handle, dataDir, values } = openBigSite({
    posts: { type: "string", default: "1000" },
    videos: { type: "string", default: "100" },
  });
  try {
    const started = performance.now();
    const counts = await growBigSite(handle, dataDir, { posts: Number(values.posts), videos: Number(values.videos) });
    console.log(
      `${String(counts.posts)} posts and ${String(counts.videos)} videos in ${handle.location} (${String(Math.round(performance.now() - started))} ms)`,
    );
  } finally {
    await handle.close();
  }
}
