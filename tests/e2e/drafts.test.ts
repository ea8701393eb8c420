import type { APIRequestContext, Page } from "@playwright/test";
import { AUTOSAVE_WAIT_MS } from "../../src/modules/editorial/components/use-autosave";
import { inAnHour, JOURNEY_VIEWPORTS, made, marker, postBody, videoBody } from "./editorial-helpers";
import { dismiss, editorText, signInAs } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { pagefindSearch } from "../setup/pagefind-search.ts";
import { hydrated, siteOrigin } from "./support";

/** Every public page, feed, sitemap part and search (for each of `terms`) a visitor can reach, with what it answered. */
async function publicReads(request: APIRequestContext, terms: string[]): Promise<Map<string, string>> {
  const paths = [
    "/",
    "/archive",
    "/archive?category=Meh%20Moments",
    "/videos",
    "/videos?category=Meh%20Moments",
    "/rss.xml",
    "/api/posts",
    "/api/posts?category=Meh%20Moments",
    "/api/posts/recent",
    "/api/posts/featured",
    "/api/videos",
    "/api/videos/recent",
    "/sitemap.xml",
    ...terms.flatMap((term) => [
      `/archive?search=${term}`,
      `/api/posts/search?q=${term}`,
      `/api/videos/search?q=${term}`,
    ]),
  ];
  const read = new Map<string, string>();
  for (const path of paths) read.set(path, await (await request.get(path)).text());
  for (const part of (read.get("/sitemap.xml") ?? "").matchAll(/<loc>[^<]*(\/sitemap\/\d+\.xml)<\/loc>/g)) {
    const path = part[1] ?? "";
    read.set(path, await (await request.get(path)).text());
  }
  for (const term of terms) read.set(`Pagefind ${term}`, (await pagefindSearch(siteOrigin(), term)).join(" "));
  return read;
}

/** Which of `reads` show `text`, in their body or, for a search, in the pages found. */
const showing = (reads: Map<string, string>, text: string) =>
  [...reads].filter(([, body]) => body.includes(text)).map(([path]) => path);

test("drafts and schedules are read by nobody but the admin, until the schedule comes", async ({ admin, request }) => {
  // Every public page and feed is read three times over, and the search index is rebuilt.
  test.setTimeout(90_000);
  const [early, late] = [marker(), marker()];
  const draft = await made(admin, "/api/posts", postBody(early, { status: "draft", featured: true }));
  const scheduled = await made(admin, "/api/posts", postBody(late, { status: "scheduled", publishedAt: inAnHour() }));
  const draftVideo = await made(admin, "/api/videos", videoBody(early, { status: "draft" }));
  const video = await made(admin, "/api/videos", videoBody(late, { status: "scheduled", publishedAt: inAnHour() }));

  const before = await publicReads(request, [early, late]);
  // The searches' pages say the term they were asked; what must not show is what it names.
  for (const text of [`Unseen ${early}`, `Unseen ${late}`, `Unwatched ${early}`, `Unwatched ${late}`])
    expect(showing(before, text), text).toEqual([]);
  for (const { slug } of [draft, scheduled, draftVideo, video]) expect(showing(before, slug), slug).toEqual([]);
  // Nor does the next newsletter digest, as the owner previews it before it is mailed.
  for (const path of ["/api/newsletter/digest", "/api/newsletter/digest.html"]) {
    const digest = await admin.get(path);
    expect(digest.status(), path).toBe(200);
    const body = await digest.text();
    for (const text of [early, late, draft.slug, scheduled.slug, draftVideo.slug, video.slug])
      expect(body, `${path} ${text}`).not.toContain(text);
  }
  for (const path of [
    `/post/${draft.slug}`,
    `/post/${scheduled.slug}`,
    `/videos/${video.slug}`,
    `/videos/${draftVideo.slug}`,
    `/api/posts/${draft.slug}`,
    `/api/videos/${draftVideo.slug}`,
  ])
    expect((await request.get(path)).status(), path).toBe(404);
  expect((await request.get(`/api/posts/${String(draft.id)}/images`)).status()).toBe(404);
  // Anything but what is published is the admin's to list.
  expect((await request.get("/api/posts?status=draft")).status()).toBe(401);
  expect((await request.get("/api/videos?status=all")).status()).toBe(401);
  const drafts = (await (await admin.get("/api/posts?status=draft&limit=100")).json()) as {
    slug: string;
    status: string;
  }[];
  expect(drafts.find((p) => p.slug === draft.slug)?.status).toBe("draft");
  expect(await (await admin.get(`/api/posts/${draft.slug}`)).json()).toMatchObject({
    status: "draft",
    publishedAt: null,
  });
  // The dashboard lists what is in the works: the drafts, and what is scheduled next.
  const dashboard = await (await admin.get("/admin")).text();
  expect(dashboard).toContain(`Unseen ${early}`);
  expect(dashboard).toContain(`Unwatched ${late}`);

  // Moved to two seconds from now, the schedule's own job publishes both, with no visit needed.
  const soon = new Date(Date.now() + 2000).toISOString();
  const moves = [
    admin.put(`/api/posts/${String(scheduled.id)}`, {
      data: postBody(late, { status: "scheduled", publishedAt: soon }),
    }),
    admin.put(`/api/videos/${String(video.id)}`, { data: videoBody(late, { status: "scheduled", publishedAt: soon }) }),
  ];
  for (const moved of await Promise.all(moves)) expect(moved.status()).toBe(200);
  for (const path of [`/api/posts/${scheduled.slug}`, `/api/videos/${video.slug}`])
    await expect.poll(async () => (await request.get(path)).status(), { timeout: 20_000, message: path }).toBe(200);
  expect(await (await admin.get(`/api/posts/${scheduled.slug}`)).json()).toMatchObject({
    status: "published",
    lateSeconds: null,
  });
  // Each is seen on every page, feed, listing, search and sitemap (or sitemap part) that lists its kind.
  const postEverywhere = [
    "/",
    "/archive",
    "/archive?category=Meh%20Moments",
    `/archive?search=${late}`,
    "/rss.xml",
    "/api/posts",
    "/api/posts?category=Meh%20Moments",
    "/api/posts/recent",
    `/api/posts/search?q=${late}`,
  ];
  const videoEverywhere = [
    "/videos",
    "/videos?category=Meh%20Moments",
    "/api/videos",
    "/api/videos/recent",
    `/api/videos/search?q=${late}`,
  ];
  await expect
    .poll(
      async () => {
        const reads = await publicReads(request, [late]);
        return {
          post: showing(reads, `Unseen ${late}`),
          video: showing(reads, `Unwatched ${late}`),
          postInSitemap: showing(reads, `/post/${scheduled.slug}<`).some((path) => path.startsWith("/sitemap")),
          videoInSitemap: showing(reads, `/videos/${video.slug}<`).some((path) => path.startsWith("/sitemap")),
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({
      post: expect.arrayContaining(postEverywhere),
      video: expect.arrayContaining(videoEverywhere),
      postInSitemap: true,
      videoInSitemap: true,
    });
  await expect
    .poll(async () => (await pagefindSearch(siteOrigin(), late)).sort(), { timeout: 20_000 })
    .toEqual([`/post/${scheduled.slug}`, `/videos/${video.slug}`].sort());
  // Their own pages show them.
  expect(await (await request.get(`/post/${scheduled.slug}`)).text()).toContain(`Unseen ${late}`);
  expect(await (await request.get(`/videos/${video.slug}`)).text()).toContain(`Unwatched ${late}`);
  // And the next newsletter digest carries both now.
  await expect
    .poll(async () => {
      const digest = await (await admin.get("/api/newsletter/digest")).text();
      return [`Unseen ${late}`, `Unwatched ${late}`].filter((title) => digest.includes(title));
    })
    .toEqual([`Unseen ${late}`, `Unwatched ${late}`]);
  // The drafts stay unseen.
  const after = await publicReads(request, [early, late]);
  expect(showing(after, `Unseen ${early}`)).toEqual([]);
  expect(showing(after, `Unwatched ${early}`)).toEqual([]);
});

for (const [label, viewport] of JOURNEY_VIEWPORTS) {
  test(`the owner writes a draft, comes back to it, schedules it and sees it go public, ${label}`, async ({
    page,
    admin,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signInAs(admin, page.context());
    const title = `Draft Journey ${marker()}`;
    await page.goto("/admin/posts");
    await page.getByRole("button", { name: "New Post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Excerpt").fill("Started today, finished some other day.");
    await dialog.getByLabel("Content", { exact: true }).fill("Half a thought.");
    await dialog.getByLabel("Category").selectOption("Meh Moments");
    await dialog.getByRole("button", { name: "Save draft" }).click();
    await dismiss(page, "Draft Saved");

    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^View/ })).toHaveCount(0);
    await page.getByRole("button", { name: /^Drafts \(\d+\)/ }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(card).toBeVisible();
    const slug = title.toLowerCase().replaceAll(" ", "-");
    expect((await request.get(`/post/${slug}`)).status()).toBe(404);

    // Back to it later: the dialog says where it stands, and schedules it.
    await card.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit post" });
    await expect.poll(() => editorText(edit.getByLabel("Content", { exact: true }))).toBe("Half a thought.");
    await expect(edit.getByText("Draft: only you can see it.")).toBeVisible();
    await edit.getByLabel("Content", { exact: true }).fill("Half a thought, and the other half.");
    const past = new Date(Date.now() - 86_400_000);
    const local = (date: Date) =>
      new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await edit.getByLabel("Schedule for (your time)").fill(local(past));
    await edit.getByRole("button", { name: "Schedule" }).click();
    await expect(edit.getByText("Publish time must be in the future")).toBeVisible();
    const tomorrow = new Date(Date.now() + 86_400_000);
    await edit.getByLabel("Schedule for (your time)").fill(local(tomorrow));
    await edit.getByRole("button", { name: "Schedule" }).click();
    await dismiss(page, "Post Scheduled");
    await page.getByRole("button", { name: /^Scheduled \(\d+\)/ }).click();
    await expect(card).toContainText(/Scheduled\s+for /);

    // The time comes (moved on by another of the owner's devices): it goes public by itself.
    const posts = (await (await admin.get("/api/posts?status=scheduled")).json()) as { id: number; title: string }[];
    const id = posts.find((p) => p.title === title)?.id ?? 0;
    const soon = new Date(Date.now() + 2000).toISOString();
    const body = {
      title,
      excerpt: "Started today, finished some other day.",
      content: "Half a thought, and the other half.",
      category: "Meh Moments",
      status: "scheduled",
      publishedAt: soon,
    };
    expect((await admin.put(`/api/posts/${String(id)}`, { data: body })).status()).toBe(200);
    await expect.poll(async () => (await request.get(`/post/${slug}`)).status(), { timeout: 20_000 }).toBe(200);
    await page.getByRole("button", { name: /^Published \(\d+\)/ }).click();
    await expect(card.getByRole("link", { name: /^View/ })).toBeVisible();
    await expect(card).not.toContainText("Scheduled");
    expect(await (await request.get(`/post/${slug}`)).text()).toContain("Half a thought, and the other half.");
  });
}

/** The new items' work this browser keeps for the site, by key. */
const keptKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("meh-moments:new-item:")));

test("a new post's first lines survive a reload: the next New Post offers them back, and saving it forgets them", async ({
  page,
  admin,
}) => {
  await page.clock.install();
  await signInAs(admin, page.context());
  await page.goto("/admin/posts");
  await hydrated(page, "PostManager");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  const title = `First Lines ${marker()}`;
  // A title and a few paragraphs, no category yet: work the site could not take, kept all the same.
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content", { exact: true }).fill("The first paragraph.\n\nAnd a second one.");
  await expect(dialog.getByText("Not saved yet.")).toBeVisible();
  await page.clock.runFor(AUTOSAVE_WAIT_MS);
  await expect(dialog.getByText(/^Kept in this browser at .+\. It is on the site once you save it\.$/)).toBeVisible();

  await page.reload();
  await hydrated(page, "PostManager");
  await page.getByRole("button", { name: "New Post" }).click();
  await expect(
    dialog.getByText(/^You left a new post here on .+, kept in this browser\. It was never saved\.$/),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Continue it" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect
    .poll(() => editorText(dialog.getByLabel("Content", { exact: true })))
    .toBe("The first paragraph.\n\nAnd a second one.");
  await expect(dialog.getByRole("button", { name: "Continue it" })).toHaveCount(0);

  // Saved, the site has it: the browser keeps nothing more of it, so nothing is offered twice.
  await dialog.getByLabel("Excerpt").fill("Kept through a reload.");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  const created = page.waitForResponse((r) => r.url().endsWith("/api/posts") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Save draft" }).click();
  const post = (await (await created).json()) as { id: number; title: string; content: string };
  expect(post).toMatchObject({ title, content: "The first paragraph.\n\nAnd a second one." });
  await dismiss(page, "Draft Saved");
  expect(await keptKeys(page)).toEqual([]);
  await admin.delete(`/api/posts/${String(post.id)}`);
});

test("a new video's work outlives a tab that dies, and is offered in another until discarded", async ({
  page,
  admin,
  context,
}) => {
  await signInAs(admin, context);
  await page.clock.install();
  await page.goto("/admin/videos");
  await hydrated(page, "VideoManager");
  await page.getByRole("button", { name: "New Video" }).click();
  const title = `Unfinished Video ${marker()}`;
  await page.getByRole("dialog", { name: "New video" }).getByLabel("Title").fill(title);
  await page.clock.runFor(AUTOSAVE_WAIT_MS);
  await expect(page.getByText(/^Kept in this browser at/)).toBeVisible();
  // Closed without its unload handlers, as a crash ends a tab.
  await page.close();

  const other = await context.newPage();
  await other.goto("/admin/videos");
  await hydrated(other, "VideoManager");
  await other.getByRole("button", { name: "New Video" }).click();
  const dialog = other.getByRole("dialog", { name: "New video" });
  await expect(dialog.getByText(/^You left a new video here on /)).toBeVisible();
  await dialog.getByRole("button", { name: "Discard it" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("");
  expect(await keptKeys(other)).toEqual([]);
});
