import { rmSync } from "node:fs";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance, type Place } from "./instance";
import { addAuthenticator, VIRTUAL_AUTHENTICATOR } from "./passkey-helpers";
import { hydrated, problemsIn, seriousViolations } from "./support";

// A site of its own: once its owner has a passkey and an authenticator app, a password
// alone signs nobody in there, which every other test's sign-in counts on.
const OWNER = { username: "factors-owner", password: "a long factors password" };

// One account, set up step by step: the journeys take turns.
test.describe.configure({ mode: "serial" });

let place: Place;
let site: Instance | undefined;
/** The site as the browser opens it: by a name, since WebAuthn refuses an IP address. */
let origin: string;
/** The owner's recovery codes not yet spent, for a sign-in once a password alone is not enough. */
let recoveryCodes: string[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  place = await newPlace();
  origin = `http://localhost:${String(place.port)}`;
  site = await startInstance(
    playwright,
    `file:${path.join(place.dataDir, "db")}`,
    { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, SITE_URL: origin },
    place,
  );
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(place.dataDir, { recursive: true, force: true });
});

/** POST JSON to the site as the page's own script would, with its cookies and Origin. */
async function post<T>(page: Page, url: string, data: unknown = {}): Promise<T> {
  const response = await page.request.post(`${origin}${url}`, { data, headers: { Origin: origin } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function signOut(page: Page): Promise<void> {
  await post(page, "/api/auth/logout");
}

/** Open the sign-in page, ready for input. */
async function openLogin(page: Page): Promise<void> {
  await page.goto(`${origin}/login`);
  await hydrated(page, "LoginForm");
}

async function enterPassword(page: Page): Promise<void> {
  await openLogin(page);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "One more step" })).toBeVisible();
}

async function expectDashboard(page: Page, notice: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: notice })).toBeVisible();
}

test("the owner adds a passkey, then signs in with it from the username field's autofill and from the button", async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addAuthenticator(page);
  const problems = problemsIn(page);

  // The account has no second factor yet: the password alone signs in.
  await openLogin(page);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectDashboard(page, "Login successful");

  // The passkey is made by the browser, as the account page would ask it to.
  const added = await page.evaluate(async () => {
    const send = async (url: string, body: unknown) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const { body } = await send("/api/account/passkeys/options", {});
    const credential = (await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(
        body.options as PublicKeyCredentialCreationOptionsJSON,
      ),
    })) as PublicKeyCredential;
    return send("/api/account/passkeys", { name: "Test browser", response: credential.toJSON() });
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  // The first factor brings the recovery codes.
  recoveryCodes = added.body.recoveryCodes as string[];
  expect(recoveryCodes).toHaveLength(10);
  await signOut(page);

  // The page offers the passkey among the username field's suggestions as it opens; the
  // virtual authenticator takes the offer at once.
  await page.goto(`${origin}/login`);
  await expectDashboard(page, "Login successful");
  await signOut(page);

  // The button: the autofill's ceremony is left waiting, by an authenticator that holds no
  // passkey for the site yet (one added later goes only to a new ceremony); the button's
  // ends it, quietly, and signs in with the passkey.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  const empty = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL_AUTHENTICATOR });
  // The ceremony begins when the page asks the browser for a conditional get, a step after
  // the options arrive (the browser is first asked whether it offers autofill): passkeys
  // added before that would be offered to it. The page counts those asks.
  await page.addInitScript(() => {
    const credentials = navigator.credentials;
    const get = credentials.get.bind(credentials);
    const asked = { conditionalGets: 0 };
    Object.assign(window, { asked });
    credentials.get = (options) => {
      if (options?.mediation === "conditional") asked.conditionalGets += 1;
      return get(options);
    };
  });
  await openLogin(page);
  await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username webauthn");
  await page.waitForFunction(
    () => (window as unknown as { asked: { conditionalGets: number } }).asked.conditionalGets === 1,
  );
  for (const credential of credentials) {
    await cdp.send("WebAuthn.addCredential", { authenticatorId: empty.authenticatorId, credential });
  }
  await expect(page).toHaveURL(`${origin}/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectDashboard(page, "Login successful");

  expect(problems).toEqual([]);
});

test("the owner with an authenticator app signs in with a code, or a recovery code, and is told a wrong one", async ({
  page,
}) => {
  // Setting up an app wants a proof from the last minutes: a sign-in with a recovery code.
  // This browser has no authenticator: the autofill's ceremony waits, and nothing answers it.
  const login = await page.request.post(`${origin}/api/auth/login`, { data: OWNER, headers: { Origin: origin } });
  expect(await login.json()).toEqual({ secondStep: { methods: ["passkey", "recovery-code"] } });
  await post(page, "/api/auth/second-step", { code: recoveryCodes.pop() });

  const { secret } = await post<{ secret: string }>(page, "/api/account/totp");
  const key = decodeBase32IgnorePadding(secret.replace(/ /g, ""));
  // A code counts once, and none older after it (RFC 6238 §5.2): the app is confirmed with
  // this step's code, and signs in below with the next step's, which the site's one step of
  // drift accepts. An app shows one code at a time; the test computes the two it needs.
  const step = BigInt(Math.floor(Date.now() / 30_000));
  await post(page, "/api/account/totp/confirm", { code: generateHOTP(key, step, 6) });
  // Ten new codes, for the count below.
  ({ recoveryCodes } = await post<{ recoveryCodes: string[] }>(page, "/api/account/recovery-codes"));
  await signOut(page);

  // A password leads to the second step, the cursor in its field.
  await enterPassword(page);
  const code = page.getByLabel("Authenticator code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(page.getByRole("button", { name: "Use a passkey instead" })).toBeVisible();
  expect(await seriousViolations(page, "form.login-form")).toEqual([]);

  // A wrong code is said under the field, and the field is ready for another.
  const valid = [-1n, 0n, 1n, 2n].map((drift) => generateHOTP(key, step + drift, 6));
  const wrong = ["000000", "111111", "222222", "333333", "444444"].find((candidate) => !valid.includes(candidate));
  await code.fill(wrong ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid code" })).toBeVisible();
  await expect(code).toHaveValue("");
  await expect(code).toBeFocused();

  await code.fill(generateHOTP(key, step + 1n, 6));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectDashboard(page, "Login successful");
  await signOut(page);

  // A recovery code: typed as a person might, in capitals; the welcome says how many are left.
  await enterPassword(page);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  const recovery = page.getByLabel("Recovery code");
  await expect(recovery).toBeFocused();
  await expect(recovery).toHaveAttribute("inputmode", "text");
  await recovery.fill((recoveryCodes[0] ?? "").toUpperCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expectDashboard(page, "9 recovery codes left");
  await signOut(page);

  // A used recovery code is a wrong one.
  await enterPassword(page);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid code" })).toBeVisible();

  // The pending step gone (expired, say): back to the password, told why.
  await page.context().clearCookies({ name: "sign_in_step" });
  await page.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter your password again" })).toBeVisible();
  await expect(page.getByLabel("Username")).toBeFocused();

  // Start over leaves the step for the password.
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByLabel("Username")).toBeFocused();
});

test("a page opened by an IP address offers no passkey, which the browser would refuse there", async ({ page }) => {
  const problems = problemsIn(page);
  await page.goto(`${site?.origin ?? ""}/login`);
  await hydrated(page, "LoginForm");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  expect(problems).toEqual([]);
});
