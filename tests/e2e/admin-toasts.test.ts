import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";

// The SPEC §8 failure notifications of the post manager, each provoked by a failing call.

test("the post manager says which write failed", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts");
  const fail = (method: string) => (route: import("@playwright/test").Route) =>
    route.request().method() === method ? route.fulfill({ status: 500, body: "boom" }) : route.continue();

  await page.route("**/api/posts", fail("POST"));
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  await dialog.getByLabel("Title").fill("Never Saved");
  await dialog.getByLabel("Excerpt").fill("x");
  await dialog.getByLabel("Content", { exact: true }).fill("x");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to create blog post." })).toContainText("Error");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.route("**/api/posts/*", fail("PUT"));
  await page.getByRole("button", { name: /^Edit The Sandwich Was Fine/ }).click();
  await page.getByRole("dialog", { name: "Edit post" }).getByRole("button", { name: "Update Post" }).click();
  // Notifications queue one at a time (5 s each), so later ones may wait for earlier ones.
  await expect(page.getByRole("alert").filter({ hasText: "Failed to update blog post." })).toBeVisible({
    timeout: 12_000,
  });
  await page.getByRole("dialog", { name: "Edit post" }).getByRole("button", { name: "Cancel" }).click();

  await page.route("**/api/posts/*", fail("DELETE"));
  page.once("dialog", (confirm) => void confirm.accept());
  await page.getByRole("button", { name: /^Delete The Sandwich Was Fine/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to delete blog post." })).toBeVisible({
    timeout: 12_000,
  });
});

test("uploads say when the upload URL or the processing failed", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts/new");
  const dialog = page.getByRole("dialog", { name: "New post" });
  const opener = dialog.getByRole("button", { name: "Upload cover" });
  const uppy = opener.locator("xpath=following-sibling::div[1]");

  await page.route("**/api/objects/upload-url*", (route) => route.fulfill({ status: 500, body: "no" }));
  await opener.click();
  await uppy
    .locator(".uppy-Dashboard-input")
    .first()
    .setInputFiles("content/media/posts/the-sandwich-was-fine-cover.jpg");
  await uppy.getByRole("button", { name: /Upload 1 file/ }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to get upload URL. Please try again." }),
  ).toContainText("Upload Error");
  await page.unroute("**/api/objects/upload-url*");

  await page.route("**/api/objects/normalize", (route) => route.fulfill({ status: 500, body: "no" }));
  await uppy.getByRole("button", { name: /Retry/ }).click();
  // Notifications queue one at a time (5 s each): this one waits for the first to go.
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to process uploaded image. Please try again." }),
  ).toBeVisible({ timeout: 12_000 });
});

test("a refused gallery image fails the save with the image's own message, and the gallery stops at 20", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/posts");
  // A post whose gallery is full: the editor offers no further upload.
  const full = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    postId: 1,
    imageUrl: "/uploads/seed/a-field-guide-to-puddles-1.jpg",
    description: `Puddle ${String(i + 1)}`,
    displayOrder: i,
    createdAt: new Date().toISOString(),
  }));
  await page.route("**/api/posts/*/images", (route) => route.fulfill({ json: full }));
  await page.route("**/api/posts/*", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 400,
          json: { error: "images.3.imageUrl: must be an http(s) URL or a site path", field: "images.3.imageUrl" },
        })
      : route.continue(),
  );
  await page.getByRole("button", { name: /^Edit The Sandwich Was Fine/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit post" });
  await expect(dialog.getByText("That is 20 images, the most a post can have.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add image" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Remove" }).first().click();
  await expect(dialog.getByRole("button", { name: "Add image" })).toBeVisible();

  await dialog.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to save additional image." })).toContainText("Error");
  await expect(dialog).toBeVisible();
});
