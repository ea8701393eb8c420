import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./admin-helpers";

// The SPEC §8 failure notifications of the post manager, each provoked by a failing call.

// Notifications show one at a time, for 5 s each (SPEC §4), so a later one waits for the
// ones before it. The tests install the page's clock and move it on rather than wait out
// real seconds; a step is a fifth of a notification's time, so a notification is seen
// long before its own time is up, however far the one before it had got.
const TOAST_STEP_MS = 1000;

/** Move the page's clock on, a step at a time, until `toast` has had its turn and shows. */
async function shownInTurn(page: Page, toast: Locator): Promise<void> {
  await expect(async () => {
    const shown = await toast.isVisible();
    if (!shown) await page.clock.runFor(TOAST_STEP_MS);
    expect(shown, "the notification shows").toBe(true);
    // The clock steps do the waiting, so the tries need no real pause between them.
  }).toPass({ intervals: [100] });
}

test("the post manager says which write failed", async ({ page }) => {
  await page.clock.install();
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
  const createFailed = page.getByRole("alert").filter({ hasText: "Failed to create blog post." });
  await expect(createFailed).toContainText("Error");
  // What was typed was never saved: closing asks, and the owner lets it go.
  page.once("dialog", (confirm) => void confirm.accept());
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.route("**/api/posts/*", fail("PUT"));
  await page.getByRole("button", { name: /^Edit The Sandwich Was Fine/ }).click();
  await page.getByRole("dialog", { name: "Edit post" }).getByRole("button", { name: "Update Post" }).click();
  const updateFailed = page.getByRole("alert").filter({ hasText: "Failed to update blog post." });
  await shownInTurn(page, updateFailed);
  await expect(createFailed).toBeHidden();
  await page.getByRole("dialog", { name: "Edit post" }).getByRole("button", { name: "Cancel" }).click();

  await page.route("**/api/posts/*", fail("DELETE"));
  page.once("dialog", (confirm) => void confirm.accept());
  await page.getByRole("button", { name: /^Delete The Sandwich Was Fine/ }).click();
  await shownInTurn(page, page.getByRole("alert").filter({ hasText: "Failed to delete blog post." }));
  await expect(updateFailed).toBeHidden();
});

test("uploads say when the upload URL or the processing failed", async ({ page }) => {
  await page.clock.install();
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
  const urlFailed = page.getByRole("alert").filter({ hasText: "Failed to get upload URL. Please try again." });
  await expect(urlFailed).toContainText("Upload Error");
  await page.unroute("**/api/objects/upload-url*");

  await page.route("**/api/objects/normalize", (route) => route.fulfill({ status: 500, body: "no" }));
  await uppy.getByRole("button", { name: /Retry/ }).click();
  await shownInTurn(
    page,
    page.getByRole("alert").filter({ hasText: "Failed to process uploaded image. Please try again." }),
  );
  await expect(urlFailed).toBeHidden();
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
