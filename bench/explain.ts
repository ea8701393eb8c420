// The plan of every query a listing, the feed or a search runs, as PostgreSQL (or PGlite)
// chooses it on a grown archive, captured from the site's own services as they run.
//
//   tsx bench/explain.ts --data-dir /tmp/big   (a site grown by bench/big-site.ts)
//   tsx bench/explain.ts --data-dir /tmp/big --database-url postgres://…
import { pathToFileURL } from "node:url";
import type { Db } from "../db/client.ts";
import { openBigSite } from "./big-site-args.ts";
import { queryPlans } from "../tests/setup/query-plans.ts";
import { featuredPost, listPostsPage, recentPosts, searchPosts } from "../src/modules/posts/posts.server.ts";
import { listVideosPage, recentVideos, searchVideos } from "../src/modules/videos/videos.server.ts";

/** What each page reads, by the service calls it makes. */
const READS: [string, (db: Db) => Promise<unknown>][] = [
  ["/ (featured, recent posts and videos)", (db) => Promise.all([featuredPost(db), recentPosts(db), recentVideos(db)])],
  ["/archive", (db) => listPostsPage(db)],
  ["/archive?page=2", (db) => listPostsPage(db, {}, { page: 2, limit: 24 })],
  ["/archive?category=Meh Moments (and /?category=…)", (db) => listPostsPage(db, { category: "Meh Moments" })],
  ["/videos?category=Meh Moments", (db) => listVideosPage(db, { category: "Meh Moments" })],
  ["/rss.xml", (db) => Promise.all([recentPosts(db, 20), recentVideos(db, 20)])],
  ["/archive?search=hold (a word in most posts)", (db) => searchPosts(db, "hold")],
  ["/archive?search=puddel (a typo)", (db) => searchPosts(db, "puddel")],
  ["/videos?search=ceiling", (db) => searchVideos(db, "ceiling")],
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { handle } = openBigSite();
  try {
    for (const [name, read] of READS) {
      console.log(`### ${name}\n`);
      for (const plan of await queryPlans(handle, read)) console.log("```\n" + plan + "\n```\n");
    }
  } finally {
    await handle.close();
  }
}
