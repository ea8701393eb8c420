import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createDb, type DbHandle } from "../../../db/client.ts";
import { posts } from "../../../db/schema/index.ts";
import { insertPost, insertVideo } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { shareChanges, type ChangeSharing } from "./broadcast.server";
import { tag } from "./content-tags";
import { contentVersion } from "./content-version.server";
import { PageStore } from "./page-store.server";
import { Publisher } from "./publisher.server";

// Two instances of the site on one PostgreSQL database, and someone with psql beside them.
interface Instance {
  handle: DbHandle;
  pages: PageStore;
  sharing: ChangeSharing;
}

let instances: Instance[];
let psql: pg.Client;
let kettle: number;
let teapot: number;
let draft: number;
let video: number;

beforeAll(async () => {
  const first = await createTestDb();
  if (!first.connectionString) throw new Error("This test needs PostgreSQL.");
  // The content comes first: its notices are older than what the instances begin at.
  kettle = (await insertPost(first.db, { title: "Kettle" })).id;
  teapot = (await insertPost(first.db, { title: "Teapot" })).id;
  draft = (await insertPost(first.db, { title: "Unfinished", status: "draft" })).id;
  video = (await insertVideo(first.db)).id;
  instances = [];
  for (const handle of [first, createDb(first.connectionString)]) {
    const pages = new PageStore();
    const sharing = await shareChanges(new Publisher(pages), handle.pool as pg.Pool, handle.origin ?? "");
    instances.push({ handle, pages, sharing });
  }
  psql = new pg.Client({ connectionString: first.connectionString });
  await psql.connect();
});
afterAll(async () => {
  await psql.end();
  for (const { sharing, handle } of instances.reverse()) {
    await sharing.stop();
    await handle.close();
  }
});

/** Store a page on each instance as a render at the database's current version would. */
async function storeEverywhere(key: string, tags: string[]): Promise<void> {
  for (const { pages, handle } of instances) {
    const version = await contentVersion(handle.db);
    const page = {
      status: 200,
      headers: [],
      body: Buffer.from(key),
      tags,
      maxAgeSeconds: 600,
      contentVersion: version,
    };
    await pages.put(key, page, pages.epoch());
  }
}

const everywhere = (key: string) => instances.map(({ pages }) => pages.get(key) !== undefined);

/** Wait until `key` is dropped on every instance; how long it took, in ms. */
async function droppedEverywhere(key: string, since: number): Promise<number> {
  await vi.waitFor(
    () => {
      expect(everywhere(key)).toEqual([false, false]);
    },
    { timeout: 5000, interval: 10 },
  );
  return Date.now() - since;
}

it("drops, on every instance, the pages a change made by hand in SQL shows, and no other", async () => {
  await storeEverywhere(`/post/${kettle}`, [tag.post(kettle)]);
  await storeEverywhere("/videos", [tag.videos]);
  const since = Date.now();
  await psql.query("update posts set title = 'Kettle, boiled' where id = $1", [kettle]);
  expect(await droppedEverywhere(`/post/${kettle}`, since)).toBeLessThan(5000);
  expect(everywhere("/videos")).toEqual([true, true]);
});

it("leaves an instance's own write to it, and a draft's edit to nobody", async () => {
  await storeEverywhere(`/post/${teapot}`, [tag.post(teapot)]);
  await storeEverywhere("/archive", [tag.posts]);
  const [first] = instances;
  await first?.handle.db.update(posts).set({ title: "Teapot, again" }).where(eq(posts.id, teapot));
  await psql.query("update posts set title = 'Still unfinished' where id = $1", [draft]);
  // Notices arrive in the order of their commits: once this one is heard, so were those.
  const since = Date.now();
  await psql.query("update videos set title = 'Barrier' where id = $1", [video]);
  await droppedEverywhere("/videos", since);
  // The writer drops its own pages as it writes (`Publisher.publish`), not when it hears of them.
  expect(everywhere(`/post/${teapot}`)).toEqual([true, false]);
  expect(everywhere("/archive")).toEqual([true, false]);
});

it("catches up within 5 s with a change whose notice was lost while the listeners were down", async () => {
  await storeEverywhere(`/post/${kettle}`, [tag.post(kettle)]);
  const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  await psql.query(
    "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'",
  );
  // Made before the listeners are back, a second later: its notice reaches no one.
  const since = Date.now();
  await psql.query("update posts set title = 'Kettle, cold' where id = $1", [kettle]);
  expect(await droppedEverywhere(`/post/${kettle}`, since)).toBeLessThan(5000);
  expect(warned).toHaveBeenCalledWith(expect.stringContaining("Lost the content-change listener"));
  warned.mockRestore();
});
