import { expect, test } from "@playwright/test";
import { dismiss, signIn, upload } from "./admin-helpers";

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
    await upload(page, "Add image", file, "Additional image has been uploaded successfully");
  }
  await dialog.getByRole("button", { name: "Move up" }).nth(1).click();
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
