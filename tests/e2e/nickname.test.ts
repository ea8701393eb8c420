import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cacheState, holdRequests, hydrated, nextDocument, seriousViolations, siteOrigin } from "./support";

// The test server has no OpenAI key: every answer here is the local generator's. The AI's
// answers, its budget and the per-client limit are in nickname-ai.test.ts.

const API = "/api/nickname/generate";

const cards = (page: Page) =>
  page
    .getByRole("list")
    .filter({ has: page.locator(".nickname-card") })
    .getByRole("heading");

async function open(page: Page): Promise<void> {
  await page.goto("/nickname-generator");
  await hydrated(page, "NicknameGenerator");
}

test("with JavaScript: a trimmed name, 'AI Thinking' while waiting, three cards, and Generate More for new ones", async ({
  page,
}) => {
  await open(page);
  const generate = page.getByRole("button", { name: "Generate with AI" });
  const name = page.getByLabel("Your name");
  // Blank, or only spaces, there is nothing to send.
  await expect(generate).toBeDisabled();
  await name.fill("   ");
  await expect(generate).toBeDisabled();

  const held = await holdRequests(page, API);
  await name.fill("  Ada Lovelace ");
  // Enter submits, as the button does.
  const sent = page.waitForRequest(API);
  await name.press("Enter");
  await held.arrived;
  expect((await sent).postDataJSON()).toEqual({ name: "Ada Lovelace", attempt: 0 });
  const thinking = page.getByRole("button", { name: "AI Thinking" });
  await expect(thinking).toBeDisabled();
  await expect(page.getByRole("status")).toHaveText("AI Thinking");
  held.release();

  await expect(page.getByRole("heading", { name: "Nicknames for Ada Lovelace" })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  const first = await cards(page).allTextContents();
  for (const card of await page.locator(".nickname-card").all()) {
    await expect(card.locator(".badge")).not.toBeEmpty();
    await expect(card.locator(".nickname-card__explanation")).not.toBeEmpty();
  }
  await expect(page.getByText("The AI is resting, so these were made up on the spot.")).toBeVisible();

  const more = page.waitForRequest(API);
  await page.getByRole("button", { name: "Generate More" }).click();
  expect((await more).postDataJSON()).toEqual({ name: "Ada Lovelace", attempt: 1, avoid: first });
  await expect(cards(page)).toHaveCount(3);
  await expect.poll(() => cards(page).allTextContents()).not.toEqual(first);
  for (const nickname of await cards(page).allTextContents()) expect(first).not.toContain(nickname);
});

test("when the call fails, the browser makes the nicknames itself: no error is shown", async ({ page }) => {
  await open(page);
  await page.route(API, (route) => route.abort());
  await page.getByLabel("Your name").fill("Grace");
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByText("The AI is resting, so these were made up on the spot.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // A refusal (here, too many requests) is answered the same way.
  await page.unroute(API);
  await page.route(API, (route) =>
    route.fulfill({ status: 429, headers: { "Retry-After": "60" }, json: { error: "Too many", code: "rate_limited" } }),
  );
  const before = await cards(page).allTextContents();
  await page.getByRole("button", { name: "Generate More" }).click();
  await expect.poll(() => cards(page).allTextContents()).not.toEqual(before);
  await expect(cards(page)).toHaveCount(3);
});

test("without JavaScript the form posts and the page answers with the cards, and with Generate More", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/nickname-generator");
  await page.getByLabel("Your name").fill(" Ada ");
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByRole("heading", { name: "Nicknames for Ada" })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  const first = await cards(page).allTextContents();
  // The answer is a new page at the same address, with three cards as the one it replaces.
  const answered = nextDocument(page);
  await page.getByRole("button", { name: "Generate More" }).click();
  await answered;
  await expect(cards(page)).toHaveCount(3);
  for (const nickname of await cards(page).allTextContents()) expect(first).not.toContain(nickname);

  // A name of spaces passes the browser's own check, not the server's.
  await page.getByLabel("Your name").fill("   ");
  await page.getByRole("button", { name: "Generate with AI" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a name.");
  await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("the endpoint refuses a name that is blank, too long or not printable, naming the field, and is never stored", async ({
  admin,
  request,
}) => {
  const post = (data: unknown) => request.post(API, { headers: { Origin: siteOrigin() }, data });
  for (const name of ["", "   ", "x".repeat(61), "Ada\u0007", "Ada\nLovelace"]) {
    const response = await post({ name });
    expect(response.status(), JSON.stringify(name)).toBe(400);
    expect(((await response.json()) as { field?: string }).field).toBe("name");
  }
  const response = await post({ name: "Ada", extra: true });
  expect(response.status()).toBe(400);
  const ok = await post({ name: "x".repeat(60) });
  expect(ok.status()).toBe(200);
  expect(ok.headers()["cache-control"]).toBe("no-store");
  expect(await ok.json()).toMatchObject({ source: "local", nicknames: expect.any(Array) });
  // The page itself is a stored page, the same for everyone.
  await request.get("/nickname-generator");
  expect(await cacheState(admin, "/nickname-generator")).toBe("fresh");
});

for (const [device, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`has no serious or critical accessibility violation, with cards shown, ${device}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    await page.getByLabel("Your name").fill("Ada");
    await page.getByRole("button", { name: "Generate with AI" }).click();
    await expect(cards(page)).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
