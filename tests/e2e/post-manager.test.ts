import { expect, test } from "./fixtures";
import { SLUG_PREVIEW_WAIT_MS } from "../../src/lib/slug";
import { dismiss, newPostDialog, signIn, upload, uploadOnly } from "./admin-helpers";
import { holdClock } from "./support";

const COVER = "content/media/posts/the-sandwich-was-fine-cover.jpg";
const GALLERY = [
  "content/media/posts/a-field-guide-to-puddles-1.jpg",
  "content/media/posts/a-field-guide-to-puddles-2.jpg",
];

test("the owner writes a post with a cover and two gallery images, sees it published, edits and deletes it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole("link", { name: "Manage Posts" }).first().click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });

  const title = `The Radiator That Ticks ${crypto.randomUUID().slice(0, 6)}`;
  await dialog.getByLabel("Title").fill(title);
  await expect(dialog.getByLabel("Slug")).toHaveValue(/^the-radiator-that-ticks-/);
  await expect(dialog.getByLabel("Slug")).toBeDisabled();
  await dialog.getByLabel("Excerpt").fill("It ticks. It does not warm the room.");
  await dialog.getByLabel("Content", { exact: true }).fill("The radiator ticks.\nNothing else happens.");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  await dialog.getByLabel("Meh rating (1-5)").fill("9");
  await dialog.getByLabel("Meh rating (1-5)").blur();
  await expect(dialog.getByLabel("Meh rating (1-5)")).toHaveValue("5");

  await upload(page, "Upload cover", COVER, "Cover image has been uploaded successfully");
  await expect(dialog.locator(".cover-editor img")).toHaveAttribute("src", /^\/uploads\/images\/[a-z0-9]+\.jpg$/);
  for (const [index, file] of GALLERY.entries()) {
    await dialog.getByLabel("Description of the next image").fill(`Puddle ${String(index + 1)}`);
    if (index === 0) await dialog.getByLabel("Caption of the next image (optional)").fill("The first, and wettest");
    await upload(page, "Add image", file, "Additional image has been uploaded successfully");
  }
  await dialog.getByRole("button", { name: "Move up" }).nth(1).click();
  // A cover is described, unless it is marked decorative.
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(dialog.getByText("Describe the cover image, or mark it decorative")).toBeVisible();
  await dialog.getByLabel("Alt text (what the cover shows)").fill("A radiator under a window, not warming it");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await dismiss(page, "Post Created");
  const card = page.locator(".manager__card", { hasText: title });
  await expect(card).toContainText("Meh Rating 5/5");

  // Published at once: home and the post page show it to a visitor.
  expect(await (await request.get("/")).text()).toContain(title);
  const slug = (await card.getByRole("link", { name: /View/ }).getAttribute("href")) ?? "";
  const postPage = await request.get(slug);
  const html = await postPage.text();
  expect(html).toContain(title);
  expect(html.indexOf("Puddle 2")).toBeLessThan(html.indexOf("Puddle 1"));
  // Descriptions are the images' alt text; a caption shows under its image.
  await page.goto(slug);
  await expect(page.getByRole("img", { name: "A radiator under a window, not warming it" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Puddle 1" })).toBeVisible();
  await expect(page.getByRole("figure").filter({ hasText: "The first, and wettest" })).toHaveCount(1);
  await page.goto("/admin/posts");

  await card.getByRole("button", { name: /Edit/ }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit post" });
  await expect(editDialog.getByLabel("Slug")).toBeDisabled();
  await editDialog.getByLabel("Title").fill(`${title}, Revisited`);
  await editDialog.getByRole("button", { name: "Update Post" }).click();
  await dismiss(page, "Post Updated");
  expect(await (await request.get(slug)).text()).toContain(`${title}, Revisited`);

  page.once("dialog", (confirm) => {
    expect(confirm.message()).toBe("Are you sure you want to delete the post.");
    void confirm.accept();
  });
  await page
    .locator(".manager__card", { hasText: title })
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Post Deleted" })).toBeVisible();
  expect((await request.get(slug)).status()).toBe(404);
});

test("the slug shown while writing is the one saved, and a fixed field loses its error at once", async ({
  page,
  request,
  admin,
}) => {
  const dialog = await newPostDialog(page);
  const slug = dialog.getByLabel("Slug");

  // Accented letters keep their base letter rather than vanishing.
  await dialog.getByLabel("Title").fill("Héllo Ünïcode");
  await expect(slug).toHaveValue("hello-unicode");

  // A title some post already has gets the suffix the save will give it.
  await dialog.getByLabel("Title").fill("The Sandwich Was Fine");
  await expect(slug).toHaveValue("the-sandwich-was-fine-1");

  // Even a post the manager has not listed: one published elsewhere since it loaded. Its
  // title is this run's own, so a run before it cannot have taken the slug.
  const word = [...crypto.getRandomValues(new Uint8Array(6))].map((b) => String.fromCharCode(97 + (b % 26))).join("");
  const elsewhere = await admin.post("/api/posts", {
    data: { title: `Published Elsewhere ${word}`, excerpt: "Meh.", content: "Meh.", category: "Meh Moments" },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await dialog.getByLabel("Title").fill(`Published Elsewhere ${word}`);
  await expect(slug).toHaveValue(`published-elsewhere-${word}-1`);
  expect((await admin.delete(`/api/posts/${String(((await elsewhere.json()) as { id: number }).id)}`)).status()).toBe(
    200,
  );
  await dialog.getByLabel("Title").fill("The Sandwich Was Fine");
  await expect(slug).toHaveValue("the-sandwich-was-fine-1");
  await dialog.getByLabel("Excerpt").fill("Again, fine.");
  await dialog.getByLabel("Content", { exact: true }).fill("A second sandwich, equally fine.");
  // Saving without a category says so; choosing one takes the error away at once.
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(dialog.getByText("Choose one of the four categories")).toBeVisible();
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  await expect(dialog.getByText("Choose one of the four categories")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await dismiss(page, "Post Created");
  const view = page.locator(".manager__card", { hasText: "Again, fine." }).getByRole("link", { name: /View/ });
  await expect(view).toHaveAttribute("href", "/post/the-sandwich-was-fine-1");

  expect((await request.get("/api/posts/the-sandwich-was-fine-1")).status()).toBe(200);
  page.once("dialog", (confirm) => void confirm.accept());
  await page
    .locator(".manager__card", { hasText: "Again, fine." })
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Post Deleted" })).toBeVisible();
  expect((await request.get("/api/posts/the-sandwich-was-fine-1")).status()).toBe(404);
});

test("typed work is never lost: Esc closes only the topmost layer, and closing or leaving asks first", async ({
  page,
}) => {
  const dialog = await newPostDialog(page);
  const title = dialog.getByLabel("Title");
  await title.fill("Half a thought");

  // Esc in the upload window closes that window only.
  await dialog.getByRole("button", { name: "Upload cover" }).click();
  const uppy = dialog.locator(".uppy-Dashboard-inner").first();
  await expect(uppy).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(uppy).toBeHidden();
  await expect(title).toHaveValue("Half a thought");

  // Esc in the dialog asks, as many times as it is pressed; declining keeps everything.
  const questions: string[] = [];
  const decline = (question: import("@playwright/test").Dialog) => {
    questions.push(question.message());
    void question.dismiss();
  };
  page.on("dialog", decline);
  await title.focus();
  await page.keyboard.press("Escape");
  await expect.poll(() => questions.length).toBe(1);
  await page.keyboard.press("Escape");
  await expect.poll(() => questions.length).toBe(2);
  expect(questions[0]).toBe("You have unsaved changes. Discard them?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(() => questions.length).toBe(3);
  await expect(title).toHaveValue("Half a thought");
  page.off("dialog", decline);

  // Leaving the page asks the browser's own question.
  const leaving = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const question = await leaving;
  expect(question.type()).toBe("beforeunload");
  await question.dismiss();
  await expect(title).toHaveValue("Half a thought");

  // Agreeing to discard closes the dialog, and nothing asks again.
  page.once("dialog", (confirm) => void confirm.accept());
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "New Post" }).click();
  await expect(title).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the outcome of saving shows at once, not behind the dialog's upload notices", async ({ page }) => {
  test.setTimeout(60_000);
  const dialog = await newPostDialog(page);
  await dialog.getByLabel("Title").fill("A Notice About Notices");
  await dialog.getByLabel("Excerpt").fill("Queued, then not.");
  await dialog.getByLabel("Content", { exact: true }).fill("Toasts wait their turn, unless their turn has passed.");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  // Two uploads leave two notices, one showing and one queued behind it (on a slow machine
  // the first may have had its 5 s by now, and the second shows).
  await uploadOnly(page, "Upload cover", COVER);
  await dialog.getByLabel("Decorative: it shows nothing a reader needs").check();
  await dialog.getByLabel("Description of the next image").fill("A puddle");
  await uploadOnly(page, "Add image", GALLERY[0] ?? "");
  await expect(page.getByRole("status").filter({ hasText: /image has been uploaded successfully/ })).toBeVisible();

  const created = page.waitForResponse((r) => r.url().endsWith("/api/posts") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await created;
  // The upload notices are about a dialog that has closed: they go, and the outcome shows
  // well within one notice's 5 s, however long the save itself took.
  await expect(page.getByRole("status").filter({ hasText: "Post Created" })).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText("Additional image has been uploaded successfully")).toHaveCount(0);
  await dismiss(page, "Post Created");

  page.once("dialog", (confirm) => void confirm.accept());
  await page
    .locator(".manager__card", { hasText: "A Notice About Notices" })
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Post Deleted" })).toBeVisible();
});

test("the slug is asked for once the title rests, not at every key", async ({ page }) => {
  await page.clock.install();
  const dialog = await newPostDialog(page);
  // Held while typing, so a slow machine's pause between two keys is not the title resting.
  await holdClock(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/slugs/posts") asked.push(url.searchParams.get("title") ?? "");
  });

  await dialog.getByLabel("Title").pressSequentially("A Lukewarm Bath");
  await page.clock.runFor(SLUG_PREVIEW_WAIT_MS - 1);
  expect(asked, "nothing is asked while the title is still changing").toEqual([]);
  await page.clock.runFor(1);
  // The answer arrives through timers of its own (React Query's notifications).
  await page.clock.resume();
  await expect(dialog.getByLabel("Slug")).toHaveValue("a-lukewarm-bath");
  expect(asked).toEqual(["A Lukewarm Bath"]);

  // Emptied, the title has no slug at once; nothing is asked for no title.
  await dialog.getByLabel("Title").fill("");
  await expect(dialog.getByLabel("Slug")).toHaveValue("");
  await page.clock.runFor(SLUG_PREVIEW_WAIT_MS);
  expect(asked).toEqual(["A Lukewarm Bath"]);
});
