import { expect, test } from "@playwright/test";
import { dismiss, signIn, upload } from "./admin-helpers";

test("the owner adds a video with its file and poster, sees it published, edits and deletes it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole("link", { name: "Manage Videos" }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  await page.getByRole("button", { name: "New Video" }).click();
  const dialog = page.getByRole("dialog", { name: "New video" });

  const title = `A Kettle, Again ${crypto.randomUUID().slice(0, 6)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("It boils, eventually.");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  // Saving too early shows what is missing; the error goes as soon as the file is there.
  await dialog.getByRole("button", { name: "Create Video" }).click();
  const videoFile = dialog.getByRole("group", { name: "Video file" });
  await expect(videoFile.getByRole("alert")).toBeVisible();
  await upload(
    page,
    "Upload video",
    "content/media/videos/the-kettle-that-took-its-time.mp4",
    "Video has been uploaded successfully",
  );
  await expect(videoFile.getByRole("alert")).toHaveCount(0);
  // The duration is read from the file itself: the kettle clip runs 7 seconds.
  await expect(dialog.getByLabel("Duration (seconds)")).toHaveValue("7");
  await upload(
    page,
    "Upload poster",
    "content/media/videos/the-kettle-that-took-its-time-poster.jpg",
    "Poster image has been uploaded successfully",
  );
  await upload(
    page,
    "Upload captions",
    "content/media/videos/ceiling-tiles-ranked.vtt",
    "Captions have been uploaded successfully",
  );
  await expect(dialog.getByRole("group", { name: "Captions" })).toContainText(/\/uploads\/captions\/[a-z0-9]+\.vtt/);
  await upload(
    page,
    "Upload chapters",
    "content/media/videos/the-kettle-that-took-its-time-chapters.vtt",
    "Chapters have been uploaded successfully",
  );
  await dialog.getByRole("button", { name: "Create Video" }).click();
  await dismiss(page, "Video Created");

  const card = page.locator(".manager__card", { hasText: title });
  await expect(card).toContainText("0:07");
  const path = (await card.getByRole("link", { name: /View/ }).getAttribute("href")) ?? "";
  const html = await (await request.get(path)).text();
  expect(html).toContain(title);
  expect(html).toMatch(/<source src="\/uploads\/videos\/[a-z0-9]+\.mp4"/);
  // The captions uploaded with it are offered by the player.
  expect(html).toMatch(/<track kind="captions" src="\/uploads\/captions\/[a-z0-9]+\.vtt"/);
  // The chapters file's cues are listed under the player.
  expect(html).toMatch(/data-start="3" data-end="5" data-title="The wait"/);
  expect(await (await request.get("/videos")).text()).toContain(title);

  await card.getByRole("button", { name: /Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit video" });
  await edit.getByLabel("Title").fill(`${title}, Reheated`);
  await edit.getByRole("button", { name: "Update Video" }).click();
  await dismiss(page, "Video Updated");
  expect(await (await request.get(path)).text()).toContain(`${title}, Reheated`);

  page.once("dialog", (confirm) => void confirm.accept());
  await page
    .locator(".manager__card", { hasText: title })
    .getByRole("button", { name: /Delete/ })
    .click();
  await dismiss(page, "Video Deleted");
  expect((await request.get(path)).status()).toBe(404);
});
