import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { startInstance } from "./instance";
import { pagefindSearch } from "../setup/pagefind-search";
import { cacheState } from "./support";

// Runs in the PostgreSQL project only: a second instance joins the test server's database.

// The second instance keeps its uploads in a folder of its own (instances that share uploads
// share a bucket), so it cannot read a video another test uploads to the first: ladders are
// left to the first, or a ladder job it took would fail for want of the file.
const SECOND = { FFMPEG_PATH: "off" };

test("a write on one instance drops and rebuilds the same pages on the other, and reaches its search index", async ({
  admin,
  playwright,
}) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const second = await startInstance(playwright, databaseUrl(server, process.env.E2E_PG_DATABASE ?? ""), SECOND);
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
  const second = await startInstance(playwright, databaseUrl(server, process.env.E2E_PG_DATABASE ?? ""), SECOND);
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

test("a change made in SQL, by no instance, shows on both within 5 s", async ({ admin, request, playwright }) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const url = databaseUrl(server, process.env.E2E_PG_DATABASE ?? "");
  const second = await startInstance(playwright, url, SECOND);
  // Visitors of each (the admin's session would pass the stored pages by).
  const sites = [{ origin: "", request }, second];
  const psql = new pg.Client({ connectionString: url });
  await psql.connect();
  const title = `Written In SQL ${crypto.randomUUID().slice(0, 8)}`;
  try {
    // Both instances hold both pages, so only a dropped page can show the post.
    await expect
      .poll(
        async () => {
          const states: string[] = [];
          for (const { origin, request } of sites) {
            for (const path of ["/", "/archive"]) {
              await request.get(`${origin}${path}`);
              states.push(await cacheState(admin, path, origin));
            }
          }
          return states;
        },
        { timeout: 10_000 },
      )
      .toEqual(["fresh", "fresh", "fresh", "fresh"]);
    const since = Date.now();
    await psql.query(
      `insert into posts (slug, title, excerpt, content, category, read_time)
       values ($1, $2, 'Nobody published it.', 'Typed straight into the database.', 'Meh Moments', 1)`,
      [title.toLowerCase().replaceAll(" ", "-"), title],
    );
    for (const { origin, request } of sites) {
      for (const path of ["/", "/archive"]) {
        await expect
          .poll(async () => (await request.get(`${origin}${path}`)).text(), { timeout: 5000 })
          .toContain(title);
      }
    }
    expect(Date.now() - since).toBeLessThan(5000);
  } finally {
    await psql.query("delete from posts where title = $1", [title]);
    await psql.end();
    await second.stop();
  }
});
