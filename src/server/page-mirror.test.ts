import { describe, expect, it } from "vitest";
import { PageMirror, type NumberedChange } from "./page-mirror";
import { PageStore, type PageStoreChange } from "../modules/publishing/page-store.server";

/** A store whose changes are copied as they cross threads: structured clone turns Buffers into Uint8Arrays. */
function storeAndMirror(now = () => 1_000_000) {
  const store = new PageStore({ now });
  const mirror = new PageMirror(now);
  const sent: NumberedChange[] = [];
  let seq = 0;
  store.observe((change: PageStoreChange) => sent.push(structuredClone({ seq: ++seq, change })));
  const deliver = () => {
    for (const message of sent.splice(0)) mirror.apply(message);
  };
  return { store, mirror, deliver, seq: () => seq };
}

const page = (html: string, tags: string[], maxAgeSeconds = 60) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  body: Buffer.from(html),
  tags,
  maxAgeSeconds,
});

describe("PageMirror", () => {
  it("holds what the store holds fresh, as Buffers, once its changes arrive", async () => {
    const { store, mirror, deliver } = storeAndMirror();
    await store.put("/", page("<h1>home</h1>", ["posts"]), store.epoch());
    await store.put("/about", page("<h1>about</h1>", ["theme"]), store.epoch());
    expect(mirror.get("/")).toBeUndefined();
    deliver();
    const home = mirror.get("/");
    expect(Buffer.isBuffer(home?.identity) && Buffer.isBuffer(home.br) && Buffer.isBuffer(home.gzip)).toBe(true);
    expect(home?.identity.toString()).toBe("<h1>home</h1>");
    expect(home?.etag).toBe(store.get("/")?.etag);
    store.drop(["posts"]);
    deliver();
    expect(mirror.get("/")).toBeUndefined();
    expect(mirror.get("/about")?.identity.toString()).toBe("<h1>about</h1>");
  });

  it("stops sending a page once its lifetime is over, as the store does", async () => {
    let time = 1_000_000;
    const { store, mirror, deliver } = storeAndMirror(() => time);
    await store.put("/rss.xml", page("<rss/>", ["posts"], 300), store.epoch());
    deliver();
    time += 299_000;
    expect(mirror.get("/rss.xml")).toBeDefined();
    time += 1_000;
    expect(mirror.get("/rss.xml")).toBeUndefined();
  });

  it("says when it has caught up with a change, so an answer that follows it waits", async () => {
    const { store, mirror, deliver, seq } = storeAndMirror();
    await store.put("/", page("home", ["posts"]), store.epoch());
    deliver();
    expect(mirror.caughtUp(seq())).toBeUndefined();
    store.drop(["posts"]);
    const order: string[] = [];
    const waited = mirror.caughtUp(seq())?.then(() => order.push("answer sent"));
    expect(waited).toBeDefined();
    await Promise.resolve();
    expect(order).toEqual([]);
    order.push("drop applied");
    deliver();
    await waited;
    expect(order).toEqual(["drop applied", "answer sent"]);
    expect(mirror.get("/")).toBeUndefined();
  });

  it("hands back which pages were hit, once a second each, for the store's eviction order", async () => {
    let time = 1_000_000;
    const { store, mirror, deliver } = storeAndMirror(() => time);
    await store.put("/", page("home", ["posts"]), store.epoch());
    await store.put("/about", page("about", ["theme"]), store.epoch());
    deliver();
    time += 2_000;
    mirror.get("/");
    mirror.get("/");
    mirror.get("/nothing");
    expect(mirror.takeUsed()).toEqual(["/"]);
    mirror.get("/");
    expect(mirror.takeUsed()).toEqual([]);
  });
});
