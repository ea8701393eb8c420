import { readFileSync } from "node:fs";
import { MAX_BYTES } from "../../src/modules/uploads/contract";
import { media } from "../media";
import { expect, test } from "./fixtures";
import { expectKeptWhole } from "./large-upload";
import { siteOrigin, uploadUrl } from "./support";

const JPEG = readFileSync("content/media/posts/the-sandwich-was-fine-cover.jpg");
const MP4 = readFileSync("content/media/videos/one-cloud-unremarkable.mp4");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
// Runs its script read as SVG and read as HTML alike.
const POLYGLOT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>window.ran = true</script>' +
    '<foreignObject><html xmlns="http://www.w3.org/1999/xhtml"><script>window.ran = true</script></html></foreignObject></svg>',
);

test("an image goes up with a signed single-use URL, and is served once normalised", async ({ admin }) => {
  const params = await uploadUrl(admin, "image/jpeg");
  expect(params).toMatchObject({ method: "PUT", fields: {}, headers: { "Content-Type": "image/jpeg" } });
  const put = await admin.fetch(params.url, { method: "PUT", headers: params.headers, data: JPEG });
  expect(put.status()).toBe(201);
  const { rawPath } = (await put.json()) as { rawPath: string };
  expect((await admin.get(rawPath)).status()).toBe(404);

  expect((await admin.fetch(params.url, { method: "PUT", headers: params.headers, data: JPEG })).status()).toBe(409);

  const normalized = await admin.post("/api/objects/normalize", { data: { rawPath } });
  expect(normalized.status()).toBe(200);
  const { normalizedPath } = (await normalized.json()) as { normalizedPath: string };
  expect(normalizedPath).toMatch(/^\/uploads\/images\/[a-z0-9]{26}\.jpg$/);
  const served = await admin.get(normalizedPath);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-security-policy"]).toMatch(/^sandbox/);
  expect((await served.body()).equals(JPEG)).toBe(true);
});

test("uploads refuse forged, wrongly typed, oversized and script-carrying files", async ({ admin, playwright }) => {
  const ask = (type: string) => uploadUrl(admin, type);

  const forged = await ask("image/png");
  const tampered = forged.url.replace(/signature=[^&]+/, "signature=AAAA");
  expect((await admin.fetch(tampered, { method: "PUT", headers: forged.headers, data: JPEG })).status()).toBe(403);

  const typed = await ask("image/png");
  expect(
    (await admin.fetch(typed.url, { method: "PUT", headers: { "Content-Type": "text/html" }, data: JPEG })).status(),
  ).toBe(415);

  const big = await ask("image/jpeg");
  const tooLarge = await admin.fetch(big.url, {
    method: "PUT",
    headers: big.headers,
    data: Buffer.alloc(MAX_BYTES.image + 1, 1),
  });
  expect(tooLarge.status()).toBe(413);

  // An SVG declared as a PNG is found out by its bytes.
  const disguised = await ask("image/png");
  const put = await admin.fetch(disguised.url, { method: "PUT", headers: disguised.headers, data: SVG });
  const { rawPath } = (await put.json()) as { rawPath: string };
  const refused = await admin.post("/api/objects/normalize", { data: { rawPath } });
  expect(refused.status()).toBe(415);

  for (const rawPath of [
    "/uploads/raw/../../package.json",
    "https://evil.example/x.jpg",
    "/uploads/seed/the-sandwich-was-fine-cover.jpg",
  ]) {
    expect((await admin.post("/api/objects/normalize", { data: { rawPath } })).status(), rawPath).toBe(400);
  }
  expect((await admin.get("/api/objects/upload-url?contentType=image/svg+xml")).status()).toBe(400);

  const visitor = await playwright.request.newContext({ baseURL: siteOrigin() });
  expect((await visitor.get("/api/objects/upload-url")).status()).toBe(401);
  await visitor.dispose();
});

test("an MP4 sent through an image upload URL is refused by normalize, and deleted", async ({ admin }) => {
  const image = await uploadUrl(admin, "image/png");
  // The signed policy holds the declared type, so the upload itself passes; the bytes do not.
  const put = await admin.fetch(image.url, { method: "PUT", headers: image.headers, data: MP4 });
  expect(put.status()).toBe(201);
  const refused = await admin.post("/api/objects/normalize", { data: { rawPath: image.rawPath } });
  expect(refused.status()).toBe(415);
  expect(((await refused.json()) as { error: string }).error).toBe("Expected an image, but this file is a video");
  expect((await admin.post("/api/objects/normalize", { data: { rawPath: image.rawPath } })).status()).toBe(404);
});

test("an SVG/HTML polyglot can be neither rendered through /_image nor normalised", async ({ admin, page }) => {
  // Uploaded and never normalised: as an image, and wrapped in an `ftyp` box as a video.
  const uploads = [];
  for (const [type, data] of [
    ["image/png", POLYGLOT],
    ["video/mp4", Buffer.from(media.svgInFtyp())],
  ] as const) {
    const target = await uploadUrl(admin, type);
    expect((await admin.fetch(target.url, { method: "PUT", headers: target.headers, data })).status()).toBe(201);
    uploads.push(target.rawPath);
  }

  // Opened by the signed-in admin, as a link in a message would be.
  await page.context().addCookies((await admin.storageState()).cookies);
  const links = uploads.flatMap((href) => [
    href,
    `/_image?href=${encodeURIComponent(href)}`,
    `/_image?href=${encodeURIComponent(href)}&f=svg`,
    `/_image?href=${encodeURIComponent(`${href}?.svg`)}&f=svg`,
    `/_image?href=${encodeURIComponent(href)}&w=320&h=180&f=webp&fit=cover`,
  ]);
  for (const link of links) {
    const response = await page.goto(link);
    // Soft, so one run names every link that misbehaves.
    expect.soft(response?.status(), link).toBeGreaterThanOrEqual(400);
    expect.soft(response?.headers()["content-type"], link).not.toMatch(/svg|html/);
    expect.soft(response?.headers()["x-content-type-options"], link).toBe("nosniff");
    expect.soft(response?.headers()["content-security-policy"], link).toMatch(/^sandbox;/);
    expect.soft(await page.evaluate(() => "ran" in window), link).toBe(false);
  }

  for (const rawPath of uploads) {
    expect((await admin.post("/api/objects/normalize", { data: { rawPath } })).status(), rawPath).toBe(415);
  }
});

test("a 600 MB video goes up to the site in parts, resumes after the connection is cut half-way, and is kept whole", async ({
  admin,
}) => {
  // Some 12 s alone on a quiet machine; three times that beside other tests on a busy one.
  test.setTimeout(180_000);
  await expectKeptWhole(admin, siteOrigin(), 600 * 1024 * 1024);
});
