import { readFileSync } from "node:fs";
import { MAX_BYTES, type UploadTarget } from "../../src/modules/uploads/contract";
import { expect, test } from "./fixtures";
import { expectKeptWhole, expectResumedInTheBrowser } from "./large-upload";
import { dismiss, signIn, upload } from "./admin-helpers";
import { siteOrigin, uploadUrl } from "./support";

// This file runs against the server whose uploads live in an S3 bucket (a fake S3 on
// loopback that checks signatures and policies as S3 does).
const COVER = "content/media/posts/a-field-guide-to-puddles-1.jpg";

test("the sample media are in the bucket and served by the site, resized too", async ({ request }) => {
  const posts = (await (await request.get("/api/posts/recent")).json()) as { imageUrl: string }[];
  const cover = posts.map((p) => p.imageUrl).find((url) => url.startsWith("/uploads/seed/")) ?? "";
  expect(cover).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.jpg$/);
  expect(await (await request.get("/")).text()).toContain(encodeURIComponent(cover));
  const served = await request.get(cover);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(served.headers()["content-security-policy"]).toMatch(/^sandbox/);
  const resized = await request.get(`/_image?href=${encodeURIComponent(cover)}&w=320&h=180&f=webp&fit=cover`);
  expect(resized.status()).toBe(200);
  expect(resized.headers()["content-type"]).toBe("image/webp");
  const part = await request.get("/uploads/seed/ceiling-tiles-ranked.mp4", {
    headers: { Range: "bytes=0-99" },
  });
  expect(part.status()).toBe(206);
  expect((await part.body()).length).toBe(100);
  // Captions are found beside their video in the bucket.
  expect(await (await request.get("/videos/ceiling-tiles-ranked")).text()).toContain(
    'src="/uploads/seed/ceiling-tiles-ranked.vtt"',
  );
});

test("the upload URL is a presigned POST the bucket holds to its type and size", async ({ admin, playwright }) => {
  const ask = (type: string) => uploadUrl(admin, type);
  const params = await ask("image/png");
  expect(params.method).toBe("POST");
  expect(params.fields).toMatchObject({ "Content-Type": "image/png" });
  expect(params.rawPath).toBe(`/uploads/${params.fields.key ?? ""}`);

  const bucket = await playwright.request.newContext();
  const send = (p: UploadTarget, file: Buffer, type = p.fields["Content-Type"] ?? "") =>
    bucket.post(p.url, {
      multipart: { ...p.fields, "Content-Type": type, file: { name: "f", mimeType: type, buffer: file } },
    });
  expect((await send(params, Buffer.alloc(MAX_BYTES.image + 1, 1))).status()).toBe(400);
  expect((await send(params, Buffer.from("<html>"), "text/html")).status()).toBe(403);
  // Nothing reached the bucket, so there is nothing to normalise.
  expect((await admin.post("/api/objects/normalize", { data: { rawPath: params.rawPath } })).status()).toBe(404);

  // A script-carrying file that passes the bucket's checks is found out by its bytes.
  const svg = await ask("image/png");
  expect((await send(svg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).status()).toBe(201);
  expect((await admin.post("/api/objects/normalize", { data: { rawPath: svg.rawPath } })).status()).toBe(415);
  expect((await admin.get(svg.rawPath)).status()).toBe(404);
  await bucket.dispose();
});

test("the owner uploads a cover straight to the bucket and the published post shows it", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto("/admin/posts/new");
  const dialog = page.getByRole("dialog", { name: "New post" });
  const title = `A Bucket of Puddles ${crypto.randomUUID().slice(0, 6)}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Excerpt").fill("Stored somewhere else, equally unremarkable.");
  await dialog.getByLabel("Content", { exact: true }).fill("The puddle is in a bucket now.");
  await dialog.getByLabel("Category").selectOption("Meh Moments");
  await upload(page, "Upload cover", COVER, "Cover image has been uploaded successfully");
  const src = (await dialog.locator(".cover-editor img").getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/uploads\/images\/[a-z0-9]{26}\.jpg$/);
  await dialog.getByLabel("Alt text (what the cover shows)").fill("A bucket, holding a puddle");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await dismiss(page, "Post Created");

  const card = page.locator(".manager__card", { hasText: title });
  const slug = (await card.getByRole("link", { name: /View/ }).getAttribute("href")) ?? "";
  await page.goto(slug);
  const cover = page.getByRole("img", { name: "A bucket, holding a puddle" });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const stored = await page.request.get(src);
  expect((await stored.body()).equals(readFileSync(COVER))).toBe(true);
});

test("a 600 MB video goes up to the bucket in parts, resumes after the connection is cut half-way, and is kept whole", async ({
  admin,
}) => {
  // Some 12 s alone on a quiet machine; three times that beside other tests on a busy one.
  test.setTimeout(180_000);
  await expectKeptWhole(admin, siteOrigin(), 600 * 1024 * 1024);
});

test("a video above 100 MB goes up to the bucket in parts from the dialog, and after a dropped connection its Retry sends only the parts missing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expectResumedInTheBrowser(page, 110 * 1024 * 1024);
});
