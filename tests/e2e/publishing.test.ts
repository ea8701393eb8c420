import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cacheState, siteOrigin } from "./support";

const newPost = (title: string) => ({
  title,
  excerpt: "Published by the browser tests, then taken away again.",
  content: "A paragraph about nothing much.\nAnother, about even less.",
  category: "Meh Moments",
  mehRating: 2,
});

async function created(admin: APIRequestContext, title: string): Promise<{ id: number; slug: string }> {
  const response = await admin.post("/api/posts", { data: newPost(title) });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; slug: string };
}

test("a write shows on home and its page at once; untouched pages stay stored", async ({ admin, request }) => {
  // The page that must stay stored shows a post only this test writes. Other tests publish
  // posts and videos in parallel and may drop any page showing theirs (home, the lists,
  // every video page) between two of these reads.
  const bystander = await created(admin, `Bystander Check ${crypto.randomUUID().slice(0, 8)}`);
  const untouched = `/post/${bystander.slug}`;
  await request.get(untouched);
  expect(await cacheState(admin, untouched)).toBe("fresh");

  const title = `Publishing Check ${crypto.randomUUID().slice(0, 8)}`;
  const post = await created(admin, title);
  // No waiting: the write's response has returned, so the next read is fresh.
  expect(await (await request.get("/")).text()).toContain(title);
  expect(await (await request.get(`/post/${post.slug}`)).text()).toContain(title);
  expect(await cacheState(admin, untouched)).toBe("fresh");

  const renamed = `${title} Revised`;
  expect((await admin.put(`/api/posts/${post.id}`, { data: newPost(renamed) })).status()).toBe(200);
  expect(await (await request.get(`/post/${post.slug}`)).text()).toContain(renamed);
  expect(await (await request.get("/archive")).text()).toContain(renamed);
  expect(await cacheState(admin, untouched)).toBe("fresh");

  expect((await admin.delete(`/api/posts/${post.id}`)).status()).toBe(200);
  expect((await request.get(`/post/${post.slug}`)).status()).toBe(404);
  expect(await (await request.get("/")).text()).not.toContain(renamed);
  expect(await cacheState(admin, untouched)).toBe("fresh");
  expect((await admin.delete(`/api/posts/${bystander.id}`)).status()).toBe(200);
});

test("dropped pages are rendered again in the background", async ({ admin, request }) => {
  // Behind the re-renders of every writer test running beside it (drafts, revisions,
  // restores), which on a busy machine take most of a minute to work through.
  test.setTimeout(120_000);
  const post = await created(admin, `Rerender Check ${crypto.randomUUID().slice(0, 8)}`);
  await request.get(`/post/${post.slug}`);
  await admin.put(`/api/posts/${post.id}`, { data: newPost("Rerender Check, again") });
  // Asked of the store, without a read that would render it. Dropped pages are rendered one
  // at a time, behind those of every other test's writes, so the wait follows their number.
  await expect.poll(() => cacheState(admin, `/post/${post.slug}`), { timeout: 100_000 }).toBe("fresh");
  await admin.delete(`/api/posts/${post.id}`);
});

test.describe("never stored", () => {
  test("what a signed-in visitor is shown", async ({ admin, request }) => {
    // A path no other test asks for, so only this test's reads could have stored its "not
    // found" page (a made-up parameter would not do: the store keys a page by the
    // parameters it reads, and a search is never stored).
    const page = `/nothing-here-${crypto.randomUUID()}`;
    await admin.get(page);
    const second = await admin.get(page);
    expect(second.headers()["cache-control"]).toBe("private, no-store");
    // Nothing was kept from the admin's reads; a visitor's read keeps it. Polled: another
    // writer test's change may drop it, or keep a render begun before it from being stored.
    expect(await cacheState(admin, page)).toBe("absent");
    await expect
      .poll(async () => {
        await request.get(page);
        return cacheState(admin, page);
      })
      .toBe("fresh");
  });

  test("a response that sets a cookie", async ({ admin, playwright }) => {
    const baseURL = siteOrigin();
    const stale = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: `session=${"a".repeat(24)}.${"b".repeat(24)}` },
    });
    // A path no other test asks for, so only this read could have stored its page.
    const page = `/nothing-here-${crypto.randomUUID()}`;
    const withCookie = await stale.get(page);
    expect(withCookie.headers()["set-cookie"]).toContain("session=");
    await stale.dispose();
    expect(await cacheState(admin, page)).toBe("absent");
  });

  test("a search, for anyone: what a visitor typed is rendered for them alone, asked before or not", async ({
    admin,
    request,
  }) => {
    for (const page of [`/archive?search=${crypto.randomUUID()}`, `/videos?search=${crypto.randomUUID()}`]) {
      const first = await request.get(page);
      const again = await request.get(page);
      for (const answer of [first, again]) {
        expect(answer.status()).toBe(200);
        expect(answer.headers()["cache-control"]).toBe("private, no-store");
        expect(answer.headers()["cdn-cache-control"]).toBeUndefined();
      }
      // Rendered both times: a term asked before answers exactly as a new one does.
      expect(await cacheState(admin, page)).toBe("absent");
    }
  });

  test("an error page, beyond a few seconds", async ({ request }) => {
    const first = await request.get("/post/never-published-here");
    expect(first.status()).toBe(404);
    expect(first.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate, s-maxage=10");
  });
});

test.describe("HTTP", () => {
  test("a stored page answers 304 to its ETag, and is compressed as asked", async ({ admin, playwright }) => {
    const raw = await playwright.request.newContext({ baseURL: siteOrigin() });
    // A page only this test writes to: other tests publish posts and videos in parallel,
    // and a page they drop between these reads would be sent unstored, under a new ETag.
    const post = await created(admin, `Stored Check ${crypto.randomUUID().slice(0, 8)}`);
    const page = `/post/${post.slug}`;
    await raw.get(page);
    const br = await raw.get(page, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["vary"]).toBe("Accept-Encoding");
    const gzip = await raw.get(page, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    const etag = br.headers()["etag"] ?? "";
    const again = await raw.get(page, { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    await raw.dispose();
    await admin.delete(`/api/posts/${post.id}`);
  });

  test("a miss is sent as it is stored: compressed, under the ETag its hits send, with the tags a CDN purges by", async ({
    admin,
    playwright,
  }) => {
    const raw = await playwright.request.newContext({ baseURL: siteOrigin() });
    const post = await created(admin, `Miss Check ${crypto.randomUUID().slice(0, 8)}`);
    const page = `/post/${post.slug}`;
    const miss = await raw.get(page, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(miss.headers()["content-encoding"]).toBe("br");
    expect(miss.headers()["vary"]).toBe("Accept-Encoding");
    expect(miss.headers()["etag"]).toMatch(/^"[\w-]+-br"$/);
    expect(miss.headers()["cache-tag"]?.split(",")).toContain(`post:${String(post.id)}`);
    const hit = await raw.get(page, { headers: { "Accept-Encoding": "gzip, br" } });
    // Nothing tells a visitor whether someone asked for the page before.
    for (const response of [miss, hit]) expect(response.headers()["x-astro-cache"]).toBeUndefined();
    expect(hit.headers()["etag"]).toBe(miss.headers()["etag"]);
    expect(hit.headers()["cache-tag"]).toBe(miss.headers()["cache-tag"]);
    expect(await hit.text()).toBe(await miss.text());
    await raw.dispose();
    await admin.delete(`/api/posts/${post.id}`);
  });

  test("a browser asks again at every visit: a repeat view is revalidated, and a deleted post is gone at once", async ({
    admin,
    page,
  }) => {
    const post = await created(admin, `Revalidated ${crypto.randomUUID().slice(0, 8)}`);
    const address = `/post/${post.slug}`;
    const first = await page.goto(address);
    expect(first?.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate, s-maxage=10");
    expect(first?.headers()["cdn-cache-control"]).toBe("public, max-age=10, stale-while-revalidate=60");
    await page.goto("/about");
    // A plain visit, not a reload: what a browser would take from its cache if allowed to.
    const again = await page.goto(address);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Revalidated");
    // The browser asked the site, with the ETag it kept.
    expect((await again?.request().allHeaders())?.["if-none-match"]).toBe(first?.headers()["etag"]);
    expect((await admin.delete(`/api/posts/${post.id}`)).status()).toBe(200);
    await page.goto("/about");
    const after = await page.goto(address);
    expect(after?.status()).toBe(404);
  });

  test("static files carry the security headers and long caching", async ({ request }) => {
    const html = await (await request.get("/archive")).text();
    const asset = /\/_astro\/[\w.-]+\.js/.exec(html)?.[0] ?? "";
    const res = await request.get(asset);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-powered-by"]).toBeUndefined();
    const page = await request.get("/about");
    expect(page.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Rendered on demand, a page gets its script and style hashes in the header, with framing forbidden.
    expect(page.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("an idle connection is kept longer than a proxy in front keeps its own", async ({ request }) => {
    const res = await request.get("/api/posts/recent");
    expect(res.headers()["keep-alive"]).toBe("timeout=65");
  });

  test("the API refuses other origins (403) and bodies that are not JSON (415)", async ({ admin, playwright }) => {
    const bare = await playwright.request.newContext({ baseURL: siteOrigin() });
    expect((await bare.post("/api/posts", { data: newPost("x") })).status()).toBe(403);
    expect(
      (await bare.post("/api/posts", { data: newPost("x"), headers: { Origin: "https://evil.example" } })).status(),
    ).toBe(403);
    expect((await bare.post("/api/posts", { data: newPost("x"), headers: { Origin: siteOrigin() } })).status()).toBe(
      401,
    );
    await bare.dispose();
    const form = await admin.post("/api/posts", { form: { title: "x" } });
    expect(form.status()).toBe(415);
  });
});

test("a category on the home page shows its first page, and links the archive for the rest", async ({
  admin,
  request,
}) => {
  test.setTimeout(90_000);
  const category = "Grey Days Sharp Eyes";
  const before = Number(
    (await request.get(`/api/posts?category=${encodeURIComponent(category)}&limit=1`)).headers()["x-total-count"],
  );
  // Enough of this category that it no longer fits one page.
  const ids: number[] = [];
  try {
    while (before + ids.length <= 24) {
      const response = await admin.post("/api/posts", {
        data: { ...newPost(`Another Grey Day ${crypto.randomUUID().slice(0, 8)}`), category },
      });
      expect(response.status()).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
    const html = await (await request.get(`/?category=${encodeURIComponent(category)}`)).text();
    expect(html.match(/<article/g)).toHaveLength(24);
    const link =
      /<a href="\/archive\?category=Grey%20Days%20Sharp%20Eyes"[^>]*>All (\d+) posts in Grey Days Sharp Eyes<\/a>/;
    expect(link.exec(html)?.[1]).toBe(String(before + ids.length));
  } finally {
    for (const id of ids) await admin.delete(`/api/posts/${String(id)}`);
  }
});
