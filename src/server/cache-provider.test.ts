import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { insertPost } from "../../tests/factories.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { useDatabase } from "@/lib/site-database.server";
import { sitePages, sitePublisher } from "@/modules/publishing/site-pages.server";
import pageStoreProvider, { STALE_MAX_AGE } from "./cache-provider";
import { contentVersion } from "../modules/publishing/content-version.server";

const provider = pageStoreProvider();
const store = sitePages();
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A visitor's GET through the provider, with `render` standing in for Astro's pipeline. */
function visit(path: string, render: () => Promise<Response>, headers: HeadersInit = {}) {
  const url = new URL(path, "http://site");
  const request = new Request(url, { headers });
  if (!provider.onRequest) throw new Error("the page store provider has no onRequest");
  return provider.onRequest({ request, url, waitUntil: () => undefined, logger }, render);
}

const rendered = (html: string, tags: string) =>
  new Response(html, {
    headers: { "Content-Type": "text/html", "CDN-Cache-Control": "max-age=3600", "Cache-Tag": tags },
  });

// The provider reads the content version a render begins at from the database.
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
});
afterAll(async () => {
  await handle.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

it("stores a page with the content version its render began at", async () => {
  await insertPost(handle.db);
  const version = await contentVersion(handle.db);
  expect(version).toBeGreaterThan(0);
  await visit("/post/versioned", () => Promise.resolve(rendered("text", "post:79")));
  expect(store.get("/post/versioned")?.contentVersion).toBe(version);
});

describe("when rendering a changed page fails", () => {
  it("sends its last stored copy briefly, and the fresh one once rendering works again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await visit("/post/outage", () => Promise.resolve(rendered("old text", "post:77")));
    await sitePublisher().publish({ tags: ["post:77"] });
    expect(store.get("/post/outage")).toBeUndefined();

    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const failed = new Error('Failed query: select "value" from "app_state"', { cause: refused });
    const thrown = await visit("/post/outage", () => Promise.reject(failed));
    expect(thrown.status).toBe(200);
    expect(await thrown.text()).toBe("old text");
    expect(thrown.headers.get("cache-control")).toBe(STALE_MAX_AGE);
    expect(thrown.headers.get("x-astro-cache")).toBe("STALE");
    // The log says why, by the error's kinds and codes, never its message (a query's carries its parameters).
    expect(warn).toHaveBeenCalledWith(
      "Rendering /post/outage failed (Error < Error ECONNREFUSED); sent its last stored copy.",
    );

    const unavailable = await visit("/post/outage", () => Promise.resolve(new Response("down", { status: 503 })));
    expect(await unavailable.text()).toBe("old text");
    expect(store.get("/post/outage")).toBeUndefined();

    const recovered = await visit("/post/outage", () => Promise.resolve(rendered("new text", "post:77")));
    expect(await recovered.text()).toBe("new text");
    expect(store.get("/post/outage")?.identity.toString()).toBe("new text");
  });

  it("is an error as before when nothing was ever stored, or for a signed-in visitor", async () => {
    await expect(visit("/post/never", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await visit("/post/kept-for-visitors", () => Promise.resolve(rendered("public copy", "post:78")));
    await sitePublisher().publish({ tags: ["post:78"] });
    const signedIn = await visit(
      "/post/kept-for-visitors",
      () => Promise.resolve(new Response("down", { status: 500 })),
      {
        Cookie: `session=${"a".repeat(24)}.${"b".repeat(24)}`,
      },
    );
    expect(signedIn.status).toBe(500);
  });
});
