import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { startInstance } from "./instance";
import { pagefindSearch } from "../setup/pagefind-search";
import { cacheState } from "./support";

// Runs in the PostgreSQL project only: a second instance joins the test server's database.

test("a write on one instance drops and rebuilds the same pages on the other, and reaches its search index", async ({
  admin,
  playwright,
}) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const second = await startInstance(playwright, databaseUrl(server, process.env.E2E_PG_DATABASE ?? ""));
  const other = second.request;
  try {
    // Polled, reading it again: another writer test's change may drop the page between two
    // reads, or keep a render begun before it from being stored.
    await expect
      .poll(
        async () => {
          await other.get("/");
          return cacheState(admin, "/", second.origin);
        },
        { timeout: 5000 },
      )
      .toBe("fresh");

    const title = `Two Instances ${crypto.randomUUID().slice(0, 8)}`;
    // Letters alone, so Pagefind's stemming and prefix matching find this post and no other.
    const word = `zqx${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
    const response = await admin.post("/api/posts", {
      data: { title, excerpt: "Seen everywhere.", content: `Once, on one instance: ${word}.`, category: "Meh Moments" },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id, slug } = (await response.json()) as { id: number; slug: string };

    await expect.poll(async () => (await other.get("/")).text(), { timeout: 5000 }).toContain(title);
    await expect.poll(() => cacheState(admin, "/", second.origin), { timeout: 5000 }).toBe("fresh");
    // The other instance rebuilt its own index from the shared database once it heard.
    // Asked for this post alone: other writer tests' posts carry look-alike markers that a
    // fuzzy search may also find.
    await expect.poll(() => pagefindSearch(second.origin, word), { timeout: 15_000 }).toContain(`/post/${slug}`);
    await admin.delete(`/api/posts/${id}`);
    await expect.poll(async () => (await other.get("/")).text(), { timeout: 5000 }).not.toContain(title);
    await expect.poll(() => pagefindSearch(second.origin, word), { timeout: 15_000 }).not.toContain(`/post/${slug}`);
  } finally {
    await second.stop();
  }
});

test("a theme saved on one instance is worn by the other's pages right after the save", async ({
  admin,
  playwright,
}) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const second = await startInstance(playwright, databaseUrl(server, process.env.E2E_PG_DATABASE ?? ""));
  const other = second.request;
  try {
    await other.get("/about");
    await expect.poll(() => cacheState(admin, "/about", second.origin), { timeout: 5000 }).toBe("fresh");
    const response = await admin.post("/api/css/save", { data: { cssContent: ":root { --radius: 5px; }" } });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await expect
      .poll(async () => (await other.get("/about")).text(), { timeout: 5000 })
      .toContain(`styles.css?v=${id}`);
    expect(await (await other.get(`/api/css/current/styles.css?v=${id}`)).text()).toBe(":root { --radius: 5px; }");
  } finally {
    await admin.post("/api/css/reset");
    await second.stop();
  }
});
