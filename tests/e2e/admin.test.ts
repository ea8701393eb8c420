import { expect, test } from "@playwright/test";
import { E2E_ADMIN, holdRequests, hydrated } from "./support";

test("the dashboard sends a visitor to /login before any HTML", async ({ request }) => {
  const response = await request.get("/admin", { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/login");
  expect(await response.text()).toBe("");
});

test("sign in with the form, see the dashboard with live counts, and sign out", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Sign in to manage your underwhelming content")).toBeVisible();
  await hydrated(page, "LoginForm");

  // Fields are checked when they lose focus.
  await page.getByLabel("Username").focus();
  await page.getByLabel("Password").focus();
  await expect(page.getByText("Username is required")).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Username").blur();
  await expect(page.getByText("Username is required")).toBeHidden();

  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText("401");

  const login = await holdRequests(page, "**/api/auth/login");
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await login.arrived;
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  login.release();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${E2E_ADMIN.username}!` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toContainText(
    `Welcome back, ${E2E_ADMIN.username}!`,
  );

  const overview = page.locator("section", { has: page.getByRole("heading", { name: "Site Overview" }) });
  const posts = (await (await page.request.get("/api/posts")).json()) as unknown[];
  await expect(overview.getByText("Posts")).toBeVisible();
  await expect(overview.locator("dd").first()).toHaveText(String(posts.length));
  await expect(overview.locator("dd").last()).toHaveText("4");
  const account = page.locator("section", { has: page.getByRole("heading", { name: "Account Info" }) });
  await expect(account).toContainText("Admin");
  await expect(account).toContainText("Active");
  await expect(page.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Manage Posts" }).first()).toHaveAttribute("href", "/admin/posts");
  // The header now shows who is signed in.
  await expect(page.locator("site-account").first().getByText(E2E_ADMIN.username)).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  const again = await page.request.get("/admin", { maxRedirects: 0 });
  expect(again.status()).toBe(303);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("submitting the sign-in form never puts the password in the address", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/login"),
      page.getByRole("button", { name: "Sign In" }).click(),
    ]);
    expect(request.method()).toBe("POST");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    expect(page.url()).not.toContain("password");
    expect(page.url()).not.toContain(encodeURIComponent(E2E_ADMIN.password));
  });
});
