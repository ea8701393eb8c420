import { expect, test } from "@playwright/test";
import { partSize } from "../../src/modules/uploads/contract";
import { signIn } from "./admin-helpers";
import { largeVideo } from "./large-upload";

const isPart = (url: URL, method: string) => method === "PUT" && url.pathname === "/api/objects/multipart";

test("a video above 100 MB goes up in parts, shows its progress, and after a dropped connection its Retry sends only the parts missing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const size = 110 * 1024 * 1024;
  const parts = Math.ceil(size / partSize(size));
  const video = await largeVideo(size);
  try {
    await signIn(page);
    await page.goto("/admin/videos");
    await page.getByRole("button", { name: "New Video" }).click();
    const dialog = page.getByRole("dialog", { name: "New video" });
    const sent: number[] = [];
    const listed: string[] = [];
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (isPart(url, request.method())) sent.push(Date.now());
      if (request.method() === "GET" && url.pathname === "/api/objects/multipart") listed.push(url.pathname);
    });

    const opener = dialog.getByRole("button", { name: "Upload video" });
    await opener.click();
    const uppy = opener.locator("xpath=following-sibling::div[1]");
    await uppy.locator(".uppy-Dashboard-input").first().setInputFiles(video.file);
    await uppy.getByRole("button", { name: /Upload 1 file/ }).click();
    // Part by part, the dialog tells how far it is.
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(4);
    await expect(uppy.getByRole("progressbar").first()).toBeVisible();

    // The connection drops: every part sent now is cut, the uploader's own retries too.
    const cut = (url: URL) => url.pathname === "/api/objects/multipart";
    await page.route(cut, (route) =>
      isPart(new URL(route.request().url()), route.request().method())
        ? route.abort("connectionreset")
        : route.continue(),
    );
    const retry = uppy.getByRole("button", { name: "Retry" });
    await expect(retry.first()).toBeVisible({ timeout: 60_000 });
    await page.unroute(cut);

    await retry.first().click();
    const toast = page.getByRole("status").filter({ hasText: "Video has been uploaded successfully" });
    await expect(toast).toBeVisible({ timeout: 60_000 });
    // Resumed from what the store had: it was asked, and each part arrived once.
    expect(listed.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(parts);
    await expect(dialog.getByRole("group", { name: "Video file" })).toContainText(
      /\/uploads\/videos\/[a-z0-9]{26}\.mp4/,
    );
  } finally {
    await video.remove();
  }
});
