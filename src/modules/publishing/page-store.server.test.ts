import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress } from "./body-encodings.server";
import { PageStore, type PageToStore } from "./page-store.server";

const page = (html: string, tags: string[], maxAgeSeconds = 60): PageToStore => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(html),
  tags,
  maxAgeSeconds,
});

describe("PageStore", () => {
  it("keeps a page as identity, brotli and gzip bytes with a strong ETag", async () => {
    const store = new PageStore();
    await store.put("/", page("<h1>home</h1>".repeat(50), ["posts"]), store.epoch());
    const stored = store.get("/");
    expect(stored?.identity.toString()).toContain("<h1>home</h1>");
    expect(brotliDecompressSync(stored?.br ?? Buffer.alloc(0)).equals(stored?.identity ?? Buffer.alloc(1))).toBe(true);
    expect(gunzipSync(stored?.gzip ?? Buffer.alloc(0)).equals(stored?.identity ?? Buffer.alloc(1))).toBe(true);
    expect(stored?.br.length).toBeLessThan(stored?.identity.length ?? 0);
    expect(stored?.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it("compresses with a brotli window that fits the page, not the 4 MB default", async () => {
    // The window a stream declares (RFC 7932 §9.1) is what both ends set up tables for.
    const declaredWindow = (stream: Buffer) => {
      let bit = 0;
      const read = (count: number) => {
        let value = 0;
        for (let i = 0; i < count; i++, bit++) value |= (((stream[bit >> 3] ?? 0) >> (bit & 7)) & 1) << i;
        return value;
      };
      if (read(1) === 0) return 16;
      const large = read(3);
      if (large) return 17 + large;
      const small = read(3);
      return small ? 8 + small : 17;
    };
    const html = Array.from({ length: 400 }, (_, i) => `<p>meh moment ${i * 7919}</p>`).join("");
    const { br } = await compress(Buffer.from(html));
    expect(html.length).toBeGreaterThan(2 ** 13);
    expect(html.length).toBeLessThan(2 ** 14);
    expect(declaredWindow(br)).toBe(14);
    expect(brotliDecompressSync(br).toString()).toBe(html);
  });

  it("stops serving exactly the pages showing a changed tag, and says which", async () => {
    const store = new PageStore();
    await store.put("/", page("home", ["posts", "videos"]), store.epoch());
    await store.put("/post/a", page("a", ["post:1"]), store.epoch());
    await store.put("/post/b", page("b", ["post:2"]), store.epoch());
    expect(store.drop(["post:1"]).sort()).toEqual(["/post/a"]);
    expect(store.get("/post/a")).toBeUndefined();
    expect(store.get("/post/b")).toBeDefined();
    expect(store.drop(["posts"])).toEqual(["/"]);
  });

  it("keeps a changed page as a stand-in until a new render is stored", async () => {
    const store = new PageStore();
    await store.put("/post/a", page("old a", ["post:1"]), store.epoch());
    store.drop(["post:1"]);
    expect(store.get("/post/a")).toBeUndefined();
    expect(store.fallback("/post/a")?.identity.toString()).toBe("old a");
    // Changed again before its re-render succeeded: it is listed again, to be tried again.
    expect(store.drop(["post:1"])).toEqual(["/post/a"]);
    await store.put("/post/a", page("new a", ["post:1"]), store.epoch());
    expect(store.get("/post/a")?.identity.toString()).toBe("new a");
    expect(store.size).toBe(1);
  });

  it("refuses a render that began before its content changed", async () => {
    const store = new PageStore();
    const renderStarted = store.epoch();
    store.drop(["post:1"]);
    expect(await store.put("/post/a", page("old", ["post:1"]), renderStarted)).toBeUndefined();
    expect(store.get("/post/a")).toBeUndefined();
    expect(await store.put("/post/a", page("new", ["post:1"]), store.epoch())).toMatchObject({ tags: ["post:1"] });
    // A change to something else does not stop it.
    const next = store.epoch();
    store.drop(["videos"]);
    expect(await store.put("/post/b", page("b", ["post:2"]), next)).toMatchObject({ tags: ["post:2"] });
  });

  it("forgets a page when its lifetime ends", async () => {
    let now = 1_000_000;
    const store = new PageStore({ now: () => now });
    await store.put("/", page("home", ["posts"], 10), store.epoch());
    now += 9_000;
    expect(store.get("/")).toBeDefined();
    now += 2_000;
    expect(store.get("/")).toBeUndefined();
    expect(store.fallback("/")?.identity.toString()).toBe("home");
  });

  it("gives query pages their own room, so random queries cannot evict the home page", async () => {
    const store = new PageStore({ pages: { pages: 10, bytes: 1e6 }, queryPages: { pages: 3, bytes: 1e6 } });
    await store.put("/", page("home", ["posts"]), store.epoch());
    for (let i = 0; i < 50; i++) await store.put(`/archive?search=${i}`, page(`r${i}`, ["posts"]), store.epoch());
    expect(store.get("/")).toBeDefined();
    expect(store.size).toBe(4);
    expect(store.get("/archive?search=49")).toBeDefined();
    expect(store.get("/archive?search=0")).toBeUndefined();
  });

  it("gives not-found pages their own room, so made-up paths cannot evict real pages", async () => {
    const store = new PageStore({ pages: { pages: 10, bytes: 1e6 }, notFound: { pages: 3, bytes: 1e6 } });
    await store.put("/", page("home", ["posts"]), store.epoch());
    for (let i = 0; i < 50; i++)
      await store.put(`/post/junk-${i}`, { ...page("gone", []), status: 404 }, store.epoch());
    expect(store.get("/")).toBeDefined();
    expect(store.size).toBe(4);
    expect(store.get("/post/junk-49")?.status).toBe(404);
  });

  it("holds no more bytes than each room allows, however many keys are asked for", async () => {
    const budget = 20_000;
    const rooms = { pages: { pages: 2000, bytes: budget }, queryPages: { pages: 200, bytes: budget } };
    const store = new PageStore({ ...rooms, notFound: { pages: 100, bytes: budget } });
    const body = randomBytes(500).toString("hex");
    for (let i = 0; i < 300; i++) {
      const key = i % 3 === 0 ? `/junk-${i}` : i % 3 === 1 ? `/archive?search=${i}` : `/post/${i}`;
      await store.put(key, { ...page(body, []), status: i % 3 === 0 ? 404 : 200 }, store.epoch());
    }
    expect(store.bytes).toBeLessThanOrEqual(3 * budget);
    expect(store.bytes).toBeGreaterThan(budget);
    expect(store.size).toBeLessThan(30);
  });

  it("tells its observer, in order, of every page stored and every page that stops being a hit", async () => {
    const store = new PageStore({ pages: { pages: 2, bytes: 1e6 } });
    const changes: string[] = [];
    store.observe((change) =>
      changes.push("gone" in change ? `gone ${change.gone.join(" ")}` : `stored ${change.stored}`),
    );
    await store.put("/", page("home", ["posts"]), store.epoch());
    await store.put("/about", page("about", ["theme"]), store.epoch());
    store.markUsed(["/"]);
    await store.put("/post/a", page("a", ["post:1"]), store.epoch());
    store.drop(["posts"]);
    store.drop(["nothing-shows-this"]);
    store.dropKey("/post/a");
    store.dropKey("/never-stored");
    expect(changes).toEqual(["stored /", "stored /about", "gone /about", "stored /post/a", "gone /", "gone /post/a"]);
  });

  it("tells nothing of a page refused or larger than its whole room", async () => {
    const store = new PageStore({ pages: { pages: 10, bytes: 100 } });
    const changes: unknown[] = [];
    store.observe((change) => changes.push(change));
    const before = store.epoch();
    store.drop(["post:1"]);
    await store.put("/post/old", page("old", ["post:1"]), before);
    await store.put("/post/huge", page(randomBytes(400).toString("hex"), ["post:2"]), store.epoch());
    expect(changes).toEqual([]);
    expect(store.size).toBe(0);
  });

  it("takes back pages an earlier run kept, which a change then drops like any other", async () => {
    const earlier = new PageStore();
    const kept = await earlier.put("/", page("home", ["posts"]), earlier.epoch());
    if (!kept) throw new Error("the page was not stored");
    const store = new PageStore();
    const changes: unknown[] = [];
    store.observe((change) => changes.push(change));
    // As it comes from disk: its Buffers are plain Uint8Arrays.
    store.restore([["/", structuredClone(kept)]]);
    expect(Buffer.isBuffer(store.get("/")?.br)).toBe(true);
    expect(changes).toEqual([]);
    expect(store.drop(["posts"])).toEqual(["/"]);
    expect(changes).toEqual([{ gone: ["/"] }]);
  });

  it("drops the pages rendered before a content version, says so, and stores no render begun before it", async () => {
    const store = new PageStore();
    await store.put("/", { ...page("home", ["posts"]), contentVersion: 7 }, store.epoch());
    await store.put("/about", { ...page("about", []), contentVersion: 6 }, store.epoch());
    await store.put("/videos", { ...page("videos", []), contentVersion: 8 }, store.epoch());
    const changes: unknown[] = [];
    store.observe((change) => changes.push(change));
    expect(store.dropOlderThan(7)).toEqual(["/about"]);
    expect(store.get("/")?.identity.toString()).toBe("home");
    expect(store.get("/videos")?.identity.toString()).toBe("videos");
    expect(store.get("/about")).toBeUndefined();
    expect(changes).toEqual([{ gone: ["/about"] }]);
    // A render that read the version before the drop finishes after it.
    expect(await store.put("/about", { ...page("about", []), contentVersion: 6 }, store.epoch())).toBeUndefined();
    expect(await store.put("/about", { ...page("about", []), contentVersion: 7 }, store.epoch())).toBeDefined();
  });
});
