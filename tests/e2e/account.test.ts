import { rmSync } from "node:fs";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import type { BrowserContext, Locator, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { sql } from "drizzle-orm";
import { createDb } from "../../db/client.ts";
import { deviceName } from "../../src/modules/auth/device-name";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance, type Place } from "./instance";
import { addAuthenticator } from "./passkey-helpers";
import { seriousViolations } from "./support";

// A site of its own: the owner here gains passkeys and an authenticator app, and the other
// browser tests sign in to theirs with a password alone. It is reached as `localhost`, since
// a passkey belongs to a domain name and never to an IP address.
const OWNER = { username: "account-owner", password: "a long account password" };

let place: Place;
let site: Instance | undefined;
let origin = "";

test.describe.configure({ mode: "serial" });

const databaseUrl = () => `file:${path.join(place.dataDir, "db")}`;
const start = (playwright: PlaywrightWorkerArgs["playwright"]) =>
  startInstance(
    playwright,
    databaseUrl(),
    { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, SITE_URL: origin },
    place,
  );

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  place = await newPlace();
  origin = `http://localhost:${String(place.port)}`;
  site = await start(playwright);
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(place.dataDir, { recursive: true, force: true });
});

// Recovery codes not yet spent, for signing in once the account has a second factor.
const spare: string[] = [];

/** Sign the context in as the owner: the password, then a recovery code when a second step is asked. */
async function signIn(context: BrowserContext): Promise<void> {
  const headers = { Origin: origin };
  const response = await context.request.post(`${origin}/api/auth/login`, { data: OWNER, headers });
  expect(response.status(), await response.text()).toBe(200);
  if (!("secondStep" in ((await response.json()) as object))) return;
  const code = spare.pop();
  if (!code) throw new Error("no recovery code left to sign in with");
  const second = await context.request.post(`${origin}/api/auth/second-step`, { data: { code }, headers });
  expect(second.status(), await second.text()).toBe(200);
}

/**
 * Make every session's proof of who holds it older than the ten minutes that open what
 * cannot be undone, as time passing would: the site stops (its database is its own while
 * it runs), the proofs are backdated, and it starts again. Its sessions are kept.
 */
async function ageProofs(playwright: PlaywrightWorkerArgs["playwright"]): Promise<void> {
  await site?.stop();
  const handle = createDb(databaseUrl());
  try {
    await handle.db.execute(sql`update sessions set proven_at = now() - interval '11 minutes'`);
  } finally {
    await handle.close();
  }
  site = await start(playwright);
}

/** The code an authenticator app shows now for the key the page shows. */
const codeFor = (key: string): string => generateTOTP(decodeBase32IgnorePadding(key.replace(/\s+/g, "")), 30, 6);

/** The recovery codes the panel shows, after seeing it is the only time. */
async function shownCodes(page: Page): Promise<string[]> {
  const panel = page.getByRole("region", { name: "Your new recovery codes" });
  await expect(panel.getByRole("heading", { name: "Your new recovery codes" })).toBeFocused();
  await expect(panel).toContainText("This is the only time they are shown.");
  const codes = await panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await panel.getByRole("button", { name: "I have saved them" }).click();
  await expect(panel).toBeHidden();
  return codes;
}

const card = (page: Page, name: string): Locator => page.getByRole("region", { name });

test("the owner signs out every other browser, which is then signed out", async ({ page, browser }) => {
  await signIn(page.context());
  const other = await browser.newContext();
  await signIn(other);
  await page.goto(`${origin}/admin/account`);
  const sessions = card(page, "Signed in now");
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);

  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 session ended." })).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await other.request.get(`${origin}/api/account`)).status()).toBe(401);
  await other.close();
});

test("the owner adds a passkey, names and renames it, keeps the recovery codes shown once, and removes it with it", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signIn(page.context());
  await addAuthenticator(page);
  await page.goto(`${origin}/admin/account`);
  await expect(page.getByText("Your account is protected by a password alone.")).toBeVisible();
  const passkeys = card(page, "Passkeys");
  await expect(passkeys).toContainText("No passkeys yet.");

  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const name = passkeys.getByLabel("Name of the passkey");
  await expect(name).toBeFocused();
  await expect(name).toHaveValue(deviceName(await page.evaluate(() => navigator.userAgent)));
  await name.fill("Laptop");
  await passkeys.getByRole("button", { name: "Save the passkey" }).click();
  await shownCodes(page);
  const list = passkeys.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Laptop");
  await expect(list).toContainText("Last used never.");
  await expect(page.getByText("Your account is protected by a password alone.")).toBeHidden();
  await expect(card(page, "Recovery codes")).toContainText("10 of 10 left");

  // Shown once: the page read again does not show them.
  await page.reload();
  await expect(list).toContainText("Laptop");
  await expect(page.getByRole("region", { name: "Your new recovery codes" })).toHaveCount(0);

  await list.getByRole("button", { name: "Rename Laptop" }).click();
  await passkeys.getByLabel("Name of the passkey").fill("Work laptop");
  await passkeys.getByRole("button", { name: "Save", exact: true }).click();
  await expect(list.getByText("Work laptop", { exact: true })).toBeVisible();

  await page.goto(`${origin}/admin`);
  await expect(page.locator(".dashboard__account")).toContainText("Second factor");
  await expect(page.locator(".dashboard__account")).toContainText("Passkeys (1)");

  // Removing it wants a proof from the last ten minutes: the passkey itself gives it.
  await ageProofs(playwright);
  await page.goto(`${origin}/admin/account`);
  page.once("dialog", (dialog) => void dialog.accept());
  await list.getByRole("button", { name: "Remove Work laptop" }).click();
  const confirmIt = page.getByRole("dialog", { name: "Confirm it’s you" });
  await confirmIt.getByRole("button", { name: "Use a passkey" }).click();
  await expect(confirmIt).toHaveCount(0);
  await expect(passkeys).toContainText("No passkeys yet.");
  await expect(page.getByText("Your account is protected by a password alone.")).toBeVisible();
});

test("the owner sets up the authenticator app with a code computed from its key, and makes new recovery codes", async ({
  page,
}) => {
  await signIn(page.context());
  await page.goto(`${origin}/admin/account`);
  const app = card(page, "Authenticator app");
  await app.getByRole("button", { name: "Set up" }).click();
  await expect(app.getByRole("img", { name: "QR code of the key for the authenticator app" })).toBeVisible();
  const key = (await app.getByLabel("Key for the authenticator app").textContent()) ?? "";
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);

  await app.getByLabel("The code the app shows now").fill("000000");
  await app.getByRole("button", { name: "Confirm" }).click();
  await expect(app.getByRole("alert")).toContainText("That code does not match");
  await app.getByLabel("The code the app shows now").fill(codeFor(key));
  await app.getByRole("button", { name: "Confirm" }).click();
  const first = await shownCodes(page);
  await expect(app).toContainText("Codes from your app are asked for at sign-in.");

  const recovery = card(page, "Recovery codes");
  page.once("dialog", (dialog) => void dialog.accept());
  await recovery.getByRole("button", { name: "Make new codes" }).click();
  const renewed = await shownCodes(page);
  expect(renewed.filter((code) => first.includes(code))).toEqual([]);

  spare.push(...renewed);

  await page.goto(`${origin}/admin`);
  await expect(page.locator(".dashboard__account")).toContainText("Authenticator app");
});

test("an action that cannot be undone asks the owner to confirm it is them, and Cancel leaves all as it was", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signIn(page.context());
  await ageProofs(playwright);
  await page.goto(`${origin}/admin/account`);
  const app = card(page, "Authenticator app");
  const confirmIt = page.getByRole("dialog", { name: "Confirm it’s you" });

  // Escape is a Cancel: nothing is removed, and nothing is said about it.
  page.once("dialog", (dialog) => void dialog.accept());
  await app.getByRole("button", { name: "Remove" }).click();
  await expect(confirmIt).toBeVisible();
  await expect(confirmIt.getByLabel("Code from your authenticator app, or a recovery code")).toBeFocused();
  expect(await seriousViolations(page, ".step-up")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(confirmIt).toHaveCount(0);
  await expect(app).toContainText("Codes from your app are asked for at sign-in.");
  await expect(page.getByRole("alert")).toHaveCount(0);

  // A wrong code is read out; a recovery code proves it, and the new codes are made then.
  page.once("dialog", (dialog) => void dialog.accept());
  await card(page, "Recovery codes").getByRole("button", { name: "Make new codes" }).click();
  const field = confirmIt.getByLabel("Code from your authenticator app, or a recovery code");
  await expect(field).toBeFocused();
  await field.fill("not-a-code");
  await confirmIt.getByRole("button", { name: "Confirm" }).click();
  await expect(confirmIt.getByRole("alert")).toHaveText("Invalid code");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const code = spare.pop() ?? "";
  await field.fill(code);
  await confirmIt.getByRole("button", { name: "Confirm" }).click();
  await expect(confirmIt).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "recovery codes left." })).toBeVisible();
  const renewed = await shownCodes(page);
  expect(renewed).not.toContain(code);
  spare.splice(0, spare.length, ...renewed);
});

test("a download the server gives only to a fresh proof asks for it first, then starts", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signIn(page.context());
  await ageProofs(playwright);
  await page.goto(`${origin}/admin/data`);
  await page.getByLabel("No, leave it out").check();
  await page.getByRole("button", { name: "Download everything" }).click();
  const confirmIt = page.getByRole("dialog", { name: "Confirm it’s you" });
  await confirmIt.getByLabel("Code from your authenticator app, or a recovery code").fill(spare.pop() ?? "");
  const download = page.waitForEvent("download");
  await confirmIt.getByRole("button", { name: "Confirm" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
});

test.describe("the account screen is accessible", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`no serious or critical violation, nothing spilling sideways, ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page.context());
      await page.goto(`${origin}/admin/account`);
      await expect(card(page, "Recent sign-ins")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
