import { databaseUrl } from "../setup/postgres-url";
import { startFreezableProxy } from "../setup/freezable-proxy";
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startInstance } from "./instance";
import { cacheState } from "./support";

// Runs in the PostgreSQL project only: PGlite runs inside the site's process and cannot
// hang apart from it. A proxy plays the frozen server, so the shared one is never touched.

/** A site on the test server's database, through a proxy that can freeze it. */
async function frozenSite(playwright: PlaywrightWorkerArgs["playwright"]) {
  const server = new URL(process.env.TEST_DATABASE_URL ?? "");
  const proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const url = new URL(databaseUrl(server.toString(), process.env.E2E_PG_DATABASE ?? ""));
  url.host = `127.0.0.1:${proxy.port}`;
  const site = await startInstance(playwright, url.toString());
  return {
    proxy,
    site,
    stop: async () => {
      proxy.thaw();
      await site.stop();
      await proxy.close();
    },
  };
}

test("with the database frozen, pages and API calls answer 503 with Retry-After within 3 s, stored pages 200", async ({
  admin,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { proxy, site, stop } = await frozenSite(playwright);
  try {
    // Polled: another writer test's change may drop the page between two reads.
    await expect
      .poll(async () => {
        await site.request.get("/");
        return cacheState(admin, "/", site.origin);
      })
      .toBe("fresh");
    proxy.freeze();

    const asked: { what: string; path: string; headers: Record<string, string> }[] = [
      { what: "an API call", path: "/api/posts/recent", headers: {} },
      { what: "a page not stored", path: "/post/no-such-post", headers: {} },
      // A well-formed session cookie passes the stored pages by, and is looked up in the database.
      {
        what: "a signed-in visitor's page",
        path: "/",
        headers: { Cookie: `session=${"a".repeat(24)}.${"b".repeat(24)}` },
      },
    ];
    for (const { what, path, headers } of asked) {
      const start = performance.now();
      const response = await site.request.get(path, { headers });
      expect(response.status(), what).toBe(503);
      expect(response.headers()["retry-after"], what).toMatch(/^[1-9]\d*$/);
      expect(performance.now() - start, what).toBeLessThan(3_000);
    }
    // Only the stored copy could answer now.
    const stored = await site.request.get("/");
    expect(stored.status()).toBe(200);

    proxy.thaw();
    expect((await site.request.get("/api/posts/recent")).status()).toBe(200);
  } finally {
    await stop();
  }
});

test("a page a write made stale just before the database froze is still sent, not an error", async ({
  admin,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { proxy, site, stop } = await frozenSite(playwright);
  const session = (await admin.storageState()).cookies.find((cookie) => cookie.name === "session");
  const asAdmin = { Cookie: `session=${session?.value ?? ""}`, Origin: site.origin };
  let id: number | undefined;
  try {
    await expect
      .poll(async () => {
        await site.request.get("/");
        return cacheState(admin, "/", site.origin);
      })
      .toBe("fresh");
    const before = await (await site.request.get("/")).text();
    const created = await site.request.post("/api/posts", {
      headers: asAdmin,
      data: { title: "Written Before The Outage", excerpt: "x", content: "x", category: "Meh Moments" },
    });
    expect(created.status(), await created.text()).toBe(201);
    ({ id } = (await created.json()) as { id: number });
    // The write marked home stale; its re-render waits a moment, so it meets the frozen database.
    proxy.freeze();

    const home = await site.request.get("/");
    expect(home.status()).toBe(200);
    // Its re-render met the frozen database and its last stored copy stands in, briefly;
    // or the re-render was quicker than the freeze.
    if (home.headers()["cache-control"] === "public, max-age=5") expect(await home.text()).toBe(before);
    else expect(await home.text()).toContain("Written Before The Outage");
  } finally {
    proxy.thaw();
    if (id !== undefined) await site.request.delete(`/api/posts/${id}`, { headers: asAdmin });
    await stop();
  }
});
