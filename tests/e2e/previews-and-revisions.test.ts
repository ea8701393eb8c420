import { formatDate } from "../../src/lib/format";
import { AUTOSAVE_WAIT_MS } from "../../src/modules/editorial/components/use-autosave";
import { dismiss, editorText, signInAs } from "./admin-helpers";
import { JOURNEY_VIEWPORTS, made, marker, postBody, videoBody } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { cacheState, siteOrigin } from "./support";

interface Link {
  url: string;
  expiresAt: string;
}

test("a preview link shows a draft to whoever holds it, is never kept, and ends when revoked or published, for good", async ({
  admin,
  request,
}) => {
  const word = marker();
  const post = await made(admin, "/api/posts", postBody(word, { status: "draft" }));
  const asked = await admin.post(`/api/posts/${String(post.id)}/preview-link`);
  expect(asked.status(), await asked.text()).toBe(201);
  const link = (await asked.json()) as Link;
  expect(link.url).toMatch(new RegExp(`^${siteOrigin()}/preview/[a-z2-7]{32}$`));
  const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  const path = new URL(link.url).pathname;

  // Signed out, as the friend it was sent to: the draft, as visitors will see it, marked.
  for (let read = 0; read < 2; read++) {
    const shown = await request.get(path);
    expect(shown.status()).toBe(200);
    expect(shown.headers()["cache-control"]).toBe("private, no-store");
    expect(shown.headers()["x-robots-tag"]).toBe("noindex");
    const html = await shown.text();
    expect(html).toContain(`Unseen ${word}`);
    expect(html).toContain(`A paragraph holding ${word}`);
    expect(html).toContain("Preview: not published.");
    // Where the published page has its date, a draft says it has none yet, never today's.
    expect(html).toContain("Draft: not published yet");
    expect(html).not.toContain(formatDate(new Date()));
    expect(html).toContain('<meta name="robots" content="noindex"');
  }
  expect(await cacheState(admin, path)).toBe("absent");
  // The draft itself stays unpublished.
  expect((await request.get(`/post/${post.slug}`)).status()).toBe(404);
  // A token nobody was given, or one not even shaped like a token, shows nothing.
  expect((await request.get(`/preview/${"a".repeat(32)}`)).status()).toBe(404);
  expect((await request.get("/preview/short")).status()).toBe(404);

  // Revoking ends every link of the item.
  const second = (await (await admin.post(`/api/posts/${String(post.id)}/preview-link`)).json()) as Link;
  const revoked = await admin.delete(`/api/posts/${String(post.id)}/preview-link`);
  expect(await revoked.json()).toEqual({ revoked: 2 });
  for (const gone of [path, new URL(second.url).pathname]) {
    const answer = await request.get(gone);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).toContain("Preview Not Found");
  }

  // Publishing ends the links, and unpublishing does not bring them back.
  const third = new URL(((await (await admin.post(`/api/posts/${String(post.id)}/preview-link`)).json()) as Link).url)
    .pathname;
  await admin.put(`/api/posts/${String(post.id)}`, { data: postBody(word, { status: "published" }) });
  expect((await request.get(third, { maxRedirects: 0 })).status()).toBe(404);
  expect((await admin.post(`/api/posts/${String(post.id)}/preview-link`)).status()).toBe(409);
  await admin.put(`/api/posts/${String(post.id)}`, { data: postBody(word, { status: "draft" }) });
  const ended = await request.get(third, { maxRedirects: 0 });
  expect(ended.status()).toBe(404);
  expect(await ended.text()).toContain("Preview Not Found");
  // The new draft gets links of its own.
  const fourth = (await (await admin.post(`/api/posts/${String(post.id)}/preview-link`)).json()) as Link;
  expect((await request.get(new URL(fourth.url).pathname)).status()).toBe(200);
  await admin.delete(`/api/posts/${String(post.id)}`);
});

test("the owner opening a preview link sees the banner with nothing of the site's editing over it", async ({
  admin,
  page,
}) => {
  const post = await made(admin, "/api/posts", postBody(marker(), { status: "draft" }));
  const link = (await (await admin.post(`/api/posts/${String(post.id)}/preview-link`)).json()) as Link;
  // Signed in as the admin, as the owner checking the link before sending it.
  await page.context().addCookies([{ name: "signed_in", value: "1", url: siteOrigin() }]);
  await page.route("/api/auth/me", (route) =>
    route.fulfill({ json: { user: { username: "curator", role: "admin" } } }),
  );
  await page.goto(new URL(link.url).pathname);
  await expect(page.locator("site-account").first().getByText("curator")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Preview" })).toContainText("Preview: not published.");
  await expect(page.getByRole("link", { name: "Edit home layout" })).toHaveCount(0);
  await admin.delete(`/api/posts/${String(post.id)}`);
});

test("a scheduled video has its preview too, and only the admin makes or revokes links", async ({
  admin,
  request,
  browser,
}) => {
  const word = marker();
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  const video = await made(admin, "/api/videos", videoBody(word, { status: "scheduled", publishedAt: soon }));
  const link = (await (await admin.post(`/api/videos/${String(video.id)}/preview-link`)).json()) as Link;
  const shown = await request.get(new URL(link.url).pathname);
  expect(shown.status()).toBe(200);
  const html = await shown.text();
  expect(html).toContain(`Unwatched ${word}`);
  expect(html).toContain("Scheduled for");
  // The day and the time it goes out, read in the reader's own zone, as the admin shows times.
  const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const friend = await tokyo.newPage();
  await friend.goto(link.url);
  const inTokyo = new Date(soon).toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  });
  await expect(friend.getByRole("article").getByText(`Goes out ${inTokyo}`)).toBeVisible();
  await expect(friend.getByRole("complementary", { name: "Preview" })).toContainText(`Scheduled for ${inTokyo}.`);
  await tokyo.close();
  const sameSite = { headers: { Origin: siteOrigin() } };
  expect((await request.post(`/api/videos/${String(video.id)}/preview-link`, sameSite)).status()).toBe(401);
  expect((await request.delete(`/api/videos/${String(video.id)}/preview-link`, sameSite)).status()).toBe(401);
  expect((await admin.post("/api/videos/999999/preview-link")).status()).toBe(404);
  await admin.delete(`/api/videos/${String(video.id)}`);
});

test("an autosave of a published post leaves its public page as it was; a restore brings back an older save", async ({
  admin,
  request,
  page,
}) => {
  const word = marker();
  const post = await made(admin, "/api/posts", postBody(word));
  const edited = postBody(word, { content: "The second draft of this thought." });
  expect((await admin.put(`/api/posts/${String(post.id)}`, { data: edited })).status()).toBe(200);

  const autosaved = await admin.put(`/api/posts/${String(post.id)}/autosave`, {
    data: postBody(word, { content: "Typed, not yet meant." }),
  });
  expect(autosaved.status(), await autosaved.text()).toBe(200);
  await page.goto(`/post/${post.slug}`);
  await expect(page.getByText("The second draft of this thought.")).toBeVisible();
  await expect(page.getByText("Typed, not yet meant.")).toHaveCount(0);
  expect(await (await admin.get(`/api/posts/${String(post.id)}/autosave`)).json()).toMatchObject({
    autosave: { reason: "autosave", document: { content: "Typed, not yet meant." } },
  });

  const history = (await (await admin.get(`/api/posts/${String(post.id)}/revisions`)).json()) as {
    id: number;
    reason: string;
    title: string;
    author: string | null;
  }[];
  expect(history.map((r) => r.reason)).toEqual(["autosave", "saved", "created"]);
  expect(history[2]).toMatchObject({ title: `Unseen ${word}`, author: "e2e-admin" });
  const first = history[2]?.id ?? 0;
  expect(await (await admin.get(`/api/posts/${String(post.id)}/revisions/${String(first)}`)).json()).toMatchObject({
    reason: "created",
    document: { content: `A paragraph holding ${word}, for nobody yet.`, status: "published" },
  });

  const restored = await admin.post(`/api/posts/${String(post.id)}/revisions/${String(first)}/restore`);
  expect(restored.status(), await restored.text()).toBe(200);
  await page.reload();
  await expect(page.getByText(`A paragraph holding ${word}, for nobody yet.`)).toBeVisible();
  const after = (await (await admin.get(`/api/posts/${String(post.id)}/revisions`)).json()) as { reason: string }[];
  expect(after.map((r) => r.reason)).toEqual(["restored", "saved", "created"]);

  expect((await request.get(`/api/posts/${String(post.id)}/revisions`)).status()).toBe(401);
  expect((await admin.get(`/api/posts/${String(post.id)}/revisions/999999`)).status()).toBe(404);
  expect((await admin.post(`/api/posts/${String(post.id)}/revisions/999999/restore`)).status()).toBe(404);
  await admin.delete(`/api/posts/${String(post.id)}`);
});

for (const [label, viewport] of JOURNEY_VIEWPORTS) {
  test(`the owner keeps autosaved work for later, continues it, and restores an older version from its diff, ${label}`, async ({
    page,
    admin,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signInAs(admin, page.context());
    const word = marker();
    const post = await made(admin, "/api/posts", postBody(word, { content: "The paragraph as first written." }));
    const overwritten = postBody(word, { content: "The paragraph, overwritten by mistake." });
    expect((await admin.put(`/api/posts/${String(post.id)}`, { data: overwritten })).status()).toBe(200);
    const publicText = async () => (await request.get(`/post/${post.slug}`)).text();

    await page.clock.install();
    await page.goto("/admin/posts");
    const card = page.getByRole("listitem").filter({ hasText: `Unseen ${word}` });
    await card.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit post" });
    const content = edit.getByLabel("Content", { exact: true });
    await content.fill("Typed, then left for later.");
    await page.clock.runFor(AUTOSAVE_WAIT_MS);
    await expect(edit.getByText(/^Autosaved at/)).toBeVisible();
    // Visitors still read what was saved.
    expect(await publicText()).toContain("overwritten by mistake");
    expect(await publicText()).not.toContain("left for later");

    await edit.getByRole("button", { name: "Close" }).click();
    await edit.getByRole("button", { name: "Keep for later" }).click();
    await expect(edit).toBeHidden();
    await card.getByRole("button", { name: /^Edit/ }).click();
    await edit.getByRole("button", { name: "Continue them" }).click();
    await expect.poll(() => editorText(content)).toBe("Typed, then left for later.");

    await edit.getByText("History", { exact: true }).click();
    // Each row says what kind of change it was.
    await expect(edit.getByRole("button", { name: /^Autosaved, not saved/ })).toBeVisible();
    // The save visitors read is marked, never the autosave above it.
    const live = edit.locator('[aria-current="true"]');
    await expect(live).toHaveCount(1);
    await expect(live).toContainText("Updated");
    await expect(live).toContainText("Live");
    await expect(live).not.toContainText("Autosaved");
    await edit.getByRole("button", { name: /^Created and published/ }).click();
    const comparison = edit.getByRole("region", { name: /^The version from/ });
    await expect(comparison.locator("del", { hasText: "mistake" })).toBeVisible();
    await expect(comparison.locator("ins", { hasText: "first written" })).toBeVisible();
    page.once("dialog", (question) => void question.accept());
    await comparison.getByRole("button", { name: "Restore this version" }).click();
    await dismiss(page, "Version Restored");
    await expect.poll(() => editorText(content)).toBe("The paragraph as first written.");
    expect(await publicText()).toContain("The paragraph as first written.");
    // Nothing is left autosaved: the dialog closes without asking.
    await edit.getByRole("button", { name: "Close" }).click();
    await expect(edit).toBeHidden();
    await admin.delete(`/api/posts/${String(post.id)}`);
  });
}
