import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { eq } from "drizzle-orm";
import { videos } from "../../../db/schema/index.ts";
import { pagefindResults, pagefindSearch } from "../../../tests/setup/pagefind-search.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { postInputSchema } from "@/modules/posts/schema";
import { createPost, deletePost } from "@/modules/posts/post-writes.server";
import { createFrontHandler } from "@/server/front-handler";
import { PageStore } from "@/modules/publishing/page-store.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { createVideo } from "@/modules/videos/video-writes.server";
import { videoInputSchema } from "@/modules/videos/schema";
import { pagefindMoment } from "./pagefind-moment";
import { PagefindFiles } from "./pagefind-files.server";
import { SearchIndexer } from "./search-indexer.server";
import { siteSearchRecords } from "./search-records.server";

// The index is queried the way a browser does (pagefindSearch): Pagefind's own library,
// fetching the bundle from the site's front server over loopback.
let handle: DbHandle;
let root: string;
let files: PagefindFiles;
let server: http.Server;
let origin: string;
let builds = 0;
let failNextBuild = false;
let indexer: SearchIndexer;
let unsubscribe: () => void;

const notFound: RequestListener = (_req, res) => {
  res.writeHead(404).end();
};

const find = (term: string, filters?: Record<string, string>) => pagefindSearch(origin, term, filters);

/** The command lines of the processes this one started and that still run (Linux: read from /proc). */
async function runningChildren(): Promise<string[]> {
  const tasks = await readdir("/proc/self/task");
  const pids = (await Promise.all(tasks.map((task) => readFile(`/proc/self/task/${task}/children`, "utf8")))).flatMap(
    (list) => list.split(" ").filter(Boolean),
  );
  const commands = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")));
  return commands.filter(Boolean);
}

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(tmpdir(), "search-index-"));
  files = new PagefindFiles(root);
  indexer = new SearchIndexer({
    files,
    records: async () => {
      builds += 1;
      if (failNextBuild) {
        failNextBuild = false;
        throw new Error("the database went away mid-build");
      }
      return siteSearchRecords(handle.db);
    },
    debounceMs: 50,
  });
  unsubscribe = sitePublisher().subscribe(indexer.listener);
  server = http.createServer(
    createFrontHandler({ store: new PageStore(), astro: notFound, https: false, searchIndex: files }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await createPost(
    handle.db,
    postInputSchema.parse({
      title: "The Radiator Clanks at Four",
      excerpt: "Every night, one clank. Never two.",
      content: "It is not a ghost. It is thermal expansion, which is somehow less interesting.",
      category: "Grey Days Sharp Eyes",
    }),
  );
  await createVideo(
    handle.db,
    videoInputSchema.parse({
      title: "A Radiator, Cooling",
      description: "Eleven minutes of a radiator losing interest.",
      videoUrl: "/uploads/radiator.mp4",
      thumbnailUrl: "/uploads/radiator.jpg",
      duration: "11",
      category: "Meh Moments",
    }),
  );
  await indexer.start();
  await indexer.idle();
});

afterAll(async () => {
  // The publisher outlives this file: a later write must not start a build on a closed database.
  unsubscribe();
  await indexer.stop();
  server.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

describe("the search index", () => {
  it("is built at start from every post and video page, with kind and category as filters", async () => {
    expect(files.ready).toBe(true);
    expect((await find("radiator")).sort()).toEqual([
      "/post/the-radiator-clanks-at-four",
      "/videos/a-radiator-cooling",
    ]);
    expect(await find("radiator", { kind: "video" })).toEqual(["/videos/a-radiator-cooling"]);
    expect(await find("radiator", { category: "Grey Days Sharp Eyes" })).toEqual(["/post/the-radiator-clanks-at-four"]);
  });

  it("finds a post published a moment ago once the debounce has passed, and loses it once deleted", async () => {
    const post = await createPost(
      handle.db,
      postInputSchema.parse({
        title: "A Lukewarm Bath",
        excerpt: "Neither relaxing nor bracing.",
        content: "The water settled on a temperature best described as a shrug.",
        category: "Meh Moments",
      }),
    );
    await indexer.idle();
    expect(await find("shrug")).toEqual([`/post/${post.slug}`]);

    await deletePost(handle.db, post.id);
    await indexer.idle();
    expect(await find("shrug")).toEqual([]);
  });

  it("leaves no Pagefind process running between builds", async () => {
    await sitePublisher().publish(changeOf.post(1));
    await indexer.idle();
    // Ended with a signal, so gone a moment after the build.
    await vi.waitFor(async () => {
      expect((await runningChildren()).filter((command) => command.includes("pagefind"))).toEqual([]);
    });
  });

  it("builds once for a burst of changes, from this instance or another", async () => {
    const before = builds;
    await sitePublisher().publish(changeOf.post(1));
    await sitePublisher().receive(changeOf.video(1));
    await sitePublisher().receive(changeOf.post(2));
    await indexer.idle();
    expect(builds - before).toBe(1);
    // A change the index does not hold (a theme, a design) builds nothing.
    await sitePublisher().publish(changeOf.theme());
    await indexer.idle();
    expect(builds - before).toBe(1);
  });

  it("keeps serving the previous index when a build fails, and says so in the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const current = files.current;
    failNextBuild = true;
    await sitePublisher().publish(changeOf.post(1));
    await indexer.idle();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("search index could not be rebuilt"),
      expect.any(Error),
    );
    logged.mockRestore();
    expect(files.current).toBe(current);
    expect(await find("radiator")).toHaveLength(2);
  });

  it("finds a word only a video's captions say, and the moment it is said at", async () => {
    await handle.db
      .update(videos)
      .set({
        transcript: [
          { start: 2, end: 5, text: "The radiator ticks." },
          { start: 754.5, end: 758, text: "Then, at last, it goes quite cold." },
        ],
      })
      .where(eq(videos.slug, "a-radiator-cooling"));
    await sitePublisher().publish(changeOf.video(1));
    await indexer.idle();

    const [found, ...others] = await pagefindResults(origin, "cold", { kind: "video", category: "Meh Moments" });
    expect(others).toEqual([]);
    expect(new URL(found?.url ?? "").pathname).toBe("/videos/a-radiator-cooling");
    // The page's card and title are still its metadata, read from the page's attributes.
    expect(found?.meta.title).toBe("A Radiator, Cooling");
    expect(JSON.parse(found?.meta.card ?? "{}")).toMatchObject({ slug: "a-radiator-cooling", duration: 11 });
    // The second the line starts in, as the page's address gives it.
    expect(pagefindMoment(found?.anchors ?? [], found?.locations ?? [])).toEqual({
      start: 754,
      snippet: [
        { text: "Then, at last, it goes quite ", match: false },
        { text: "cold.", match: true },
      ],
    });
    // A word of the title is no moment.
    const [titled] = await pagefindResults(origin, "cooling");
    expect(pagefindMoment(titled?.anchors ?? [], titled?.locations ?? [])).toBeNull();
  });
});
