import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "yaml";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { insertUser } from "../../../tests/factories.ts";
import { growSite } from "../../../tests/setup/grow-site.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { jsonLines, readZip } from "../../../tests/setup/zip-files.ts";
import { useJobSender } from "@/lib/job-registry";
import { createPost, updatePost } from "@/modules/posts/post-writes.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { verifyArchive } from "./verify-archive.server";
import { openArchive } from "./write-archive.server";

// An archive taken while the site writes without pause: each write (a new post with its
// gallery and its first revision; an edit of one post that changes its title, both its
// captions and adds a revision) is one transaction, and the archive holds each wholly or
// not at all.

const owner = { id: 0, username: "owner", role: "admin" };
let handle: DbHandle;
let dir: string;

beforeAll(async () => {
  handle = await createTestDb();
  useJobSender(queuedJobs(handle).sender);
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-consistency-"));
  await insertUser(handle.db, owner);
  // Enough rows that reading them takes a while, for the writes to run alongside.
  await growSite(handle.db, { posts: 600, videos: 0 });
});
afterAll(async () => {
  useJobSender(undefined);
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

const gallery = (n: number) => [
  { imageUrl: "/uploads/images/a.webp", description: "First", caption: `write ${String(n)}` },
  { imageUrl: "/uploads/images/b.webp", description: "Second", caption: `write ${String(n)}` },
];

/** The next turn of the event loop. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Write until stopped, one transaction at a time: new posts (`write-<n>`), and edits of
 * `counter`. Each write waits for `pace()` first: the next turn of the event loop, as requests
 * come (the embedded database answers in microtasks alone, so back-to-back writes would let
 * nothing else run), or, once the archive is being read, the next few of its chunks, so
 * writes and the archive's files take turns.
 */
function keepWriting(counterId: number) {
  const created: string[] = [];
  const state = { running: true };
  let n = 0;
  let pace: () => Promise<unknown> = nextTurn;
  // Told of each new post, so a test waits for the writes rather than for time.
  const waiting: { count: number; resolve: () => void }[] = [];
  const by = { authorId: owner.id };
  const writing = (async () => {
    while (state.running) {
      await pace();
      n += 1;
      if (n % 2 === 1) {
        const post = await createPost(handle.db, samplePost({ title: `Write ${String(n)}`, images: gallery(n) }), by);
        created.push(post.slug);
        for (const wait of waiting.filter((w) => created.length >= w.count)) wait.resolve();
      } else {
        await updatePost(handle.db, counterId, samplePost({ title: `Counter ${String(n)}`, images: gallery(n) }), by);
      }
    }
  })();
  return {
    created,
    writes: () => n,
    /** Resolves once `count` posts have been created. */
    createdCount: (count: number) => new Promise<void>((resolve) => waiting.push({ count, resolve })),
    /** From now on, one write for every `chunks` chunks `stream` gives (or a turn, once it has ended). */
    paceBy: (stream: Readable, chunks: number) => {
      let seen = 0;
      let wake: (() => void) | undefined;
      stream.on("data", () => {
        seen += 1;
        if (seen % chunks === 0) wake?.();
      });
      stream.once("close", () => {
        pace = nextTurn;
        wake?.();
      });
      pace = () => new Promise<void>((resolve) => (wake = resolve));
    },
    stop: async () => {
      state.running = false;
      await writing;
    },
  };
}

function frontMatter(bytes: Buffer | undefined): Record<string, unknown> {
  const yaml = /^---\n([\s\S]*?)---\n/.exec(bytes?.toString("utf8") ?? "")?.[1] ?? "";
  return parse(yaml) as Record<string, unknown>;
}

it("holds each write made while it is taken wholly or not at all", async () => {
  const counter = await createPost(handle.db, samplePost({ title: "Counter 0", images: gallery(0) }));
  const writer = keepWriting(counter.id);
  const file = path.join(dir, "during-writes.zip");
  let during: number;
  try {
    // Some writes land before the snapshot, and the rest during and after it.
    await writer.createdCount(3);
    const made = await openArchive(handle.db, {
      personalData: false,
      store: new LocalStore(path.join(dir, "uploads"), handle.db),
      engine: handle.engine,
      software: { name: "meh-moments", version: "test" },
    });
    const before = writer.writes();
    writer.paceBy(made.stream, 20);
    await pipeline(made.stream, createWriteStream(file));
    await made.done;
    during = writer.writes() - before;
  } finally {
    await writer.stop();
  }
  // The site kept writing while the zip was made.
  expect(during).toBeGreaterThan(0);

  const manifest = await verifyArchive(file);
  const files = await readZip(file);
  const posts = [...files].filter(([name]) => name.startsWith("posts/")).map(([, bytes]) => frontMatter(bytes));
  const revisions = jsonLines(files.get("revisions.jsonl"));
  expect(posts).toHaveLength(manifest.tables.posts ?? -1);
  expect(posts.reduce((sum, post) => sum + (post.gallery as unknown[]).length, 0)).toBe(manifest.tables.post_images);
  expect(revisions).toHaveLength(manifest.tables.revisions ?? -1);

  // New posts: those archived are the first ones written, none missing between, each with its whole gallery and revision.
  const archived = posts.filter((post) => String(post.slug).startsWith("write-"));
  expect(archived.length).toBeGreaterThanOrEqual(3);
  expect(archived.map((post) => post.slug).sort()).toEqual(writer.created.slice(0, archived.length).sort());
  expect(archived.length).toBeLessThan(writer.created.length);
  const revisedPosts = new Set(revisions.map((revision) => revision.post_id));
  for (const post of archived) {
    expect((post.gallery as { caption: string }[]).map((image) => image.caption)).toEqual([
      `write ${String(post.title).slice(6)}`,
      `write ${String(post.title).slice(6)}`,
    ]);
    expect(revisedPosts.has(post.id)).toBe(true);
  }
  // Every revision's post is in the archive.
  const ids = new Set(posts.map((post) => post.id));
  for (const revision of revisions) expect(ids.has(revision.post_id)).toBe(true);

  // The edited post: its title, both captions and its newest revision are of one and the same edit.
  const edited = posts.find((post) => post.id === counter.id) ?? {};
  const edit = String(edited.title).replace("Counter ", "");
  expect((edited.gallery as { caption: string }[]).map((image) => image.caption)).toEqual([
    `write ${edit}`,
    `write ${edit}`,
  ]);
  const newest = revisions.filter((revision) => revision.post_id === counter.id).at(-1);
  expect(newest?.title).toBe(edited.title);
});
