import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { LayoutJson } from "../../src/modules/page-layouts/layout-json";
import { E2E_ADMIN, fromVisitor, hydrated } from "./support";

/** Sign in through the login form. */
export async function signIn(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders(fromVisitor());
  await page.goto("/login");
  await hydrated(page, "LoginForm");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The welcome notice waits in the session for the dashboard to show it; a test that
  // moved on before then would find it taking the notification slot on its next page.
  await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toBeVisible();
}

/**
 * Sign the browser in with the worker's admin session (the `admin` fixture): sign-ins are
 * throttled per client, and every test comes from one address, so most skip the form.
 */
export async function signInAs(admin: APIRequestContext, context: BrowserContext): Promise<void> {
  await context.addCookies((await admin.storageState()).cookies);
}

/** Sign in, go to the post manager and open an empty post dialog. */
export async function newPostDialog(page: Page): Promise<Locator> {
  await signIn(page);
  await page.goto("/admin/posts");
  await page.getByRole("button", { name: "New Post" }).click();
  return page.getByRole("dialog", { name: "New post" });
}

/**
 * The Markdown a post dialog's Content editor holds. CodeMirror draws each line as an
 * element of its own (those in view: every line of a test's short text), so the text is
 * theirs, one to a line.
 */
export const editorText = (editor: Locator): Promise<string> =>
  editor.evaluate((content) => [...content.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"));

/** Upload one file through the Uppy dialog the button opens; done when the dialog has closed. */
export async function uploadOnly(page: Page, button: string, file: string): Promise<void> {
  const opener = page.getByRole("button", { name: button });
  await opener.click();
  // Each upload button has its own Uppy dialog, rendered right after it.
  const uppy = opener.locator("xpath=following-sibling::div[1]");
  await uppy.locator(".uppy-Dashboard-input").first().setInputFiles(file);
  await uppy.getByRole("button", { name: /Upload 1 file/ }).click();
  await expect(uppy.locator(".uppy-Dashboard-inner")).toBeHidden();
}

/** Upload one file through the Uppy dialog the button opens, and wait for its toast. */
export async function upload(page: Page, button: string, file: string, toastText: string): Promise<void> {
  await uploadOnly(page, button, file);
  await dismiss(page, toastText);
}

/** See a notification, then dismiss it: they queue one at a time (SPEC §4), so the next waits for it. */
export async function dismiss(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("status").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
}

/** The home page's layout as the API has it, made to hold `elements` (created when there is none). */
export async function setLayout(admin: APIRequestContext, elements: unknown[]): Promise<LayoutJson> {
  const found = await admin.get("/api/layouts/home");
  if (found.status() === 404) {
    const created = await admin.post("/api/layouts", { data: { pageName: "home", pageType: "page", elements } });
    expect(created.ok()).toBe(true);
    return (await created.json()) as LayoutJson;
  }
  const layout = (await found.json()) as LayoutJson;
  const saved = await admin.put(`/api/layouts/${layout.id}`, {
    data: { elements, changeDescription: "Set by a test", baseVersion: layout.version },
  });
  expect(saved.ok()).toBe(true);
  return (await saved.json()) as LayoutJson;
}
