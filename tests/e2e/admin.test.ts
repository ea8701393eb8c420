import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { E2E_ADMIN, E2E_READER, fromVisitor, holdRequests, hydrated, nextDocument, problemsIn } from "./support";

// Each test signs in from its own address: sign-ins are limited per address.
test.beforeEach(async ({ page }) => page.setExtraHTTPHeaders(fromVisitor()));

test("the dashboard sends a visitor to /login before any HTML", async ({ request }) => {
  const response = await request.get("/admin", { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/login");
  expect(await response.text()).toBe("");
});

test("what is typed to sign in never reaches the page's markup, where a stylesheet could read it", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page, "LoginForm");
  await page.getByLabel("Username").pressSequentially("someone");
  await page.getByLabel("Password").pressSequentially("hunter42");
  await expect(page.getByLabel("Password")).toHaveValue("hunter42");
  // React mirrors a controlled field's text into its value attribute, which
  // input[value$="2"] selectors match.
  expect(await page.locator("body").evaluate((body) => body.outerHTML)).not.toMatch(/hunter42|someone/);
  expect(await page.locator('input[value]:not([value=""])').count()).toBe(0);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toBeVisible();
  expect(await page.locator('input[value]:not([value=""])').count()).toBe(0);
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
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // What a person reads is the server's sentence, not a status code and JSON.
  const failed = page.getByRole("alert").filter({ hasText: "Login failed" });
  await expect(failed).toContainText("Invalid credentials");
  await expect(failed).not.toContainText("401");
  await expect(failed).not.toContainText("{");
  await failed.getByRole("button", { name: "Dismiss notification" }).click();

  const login = await holdRequests(page, "**/api/auth/login");
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
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
  await expect(page.getByRole("link", { name: "Open Analytics" })).toHaveAttribute("href", "/admin/analytics");
  await expect(page.getByRole("link", { name: "Manage Posts" }).first()).toHaveAttribute("href", "/admin/posts");
  // The header now shows who is signed in.
  await expect(page.locator("site-account").first().getByText(E2E_ADMIN.username)).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out, the header's hint is gone too, so its pages ask nobody who is signed in.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("signed_in");
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
    // The answer is the login page again: its address is read from the new document.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/login"),
      nextDocument(page),
      page.getByRole("button", { name: "Sign In", exact: true }).click(),
    ]);
    expect(request.method()).toBe("POST");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    expect(page.url()).not.toContain("password");
    expect(page.url()).not.toContain(encodeURIComponent(E2E_ADMIN.password));
  });
});

test("someone signed in without the admin role is told where they stand, and can sign out", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page, "LoginForm");
  await page.getByLabel("Username").fill(E2E_READER.username);
  await page.getByLabel("Password").fill(E2E_READER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const standing = page.getByText("which is not an admin account. The admin area needs an admin account.");
  await expect(standing).toBeVisible();
  await expect(page.getByText(`You're signed in as ${E2E_READER.username}`)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);

  // The header names them, with no Dashboard link to loop back here.
  const account = page.locator("site-account").first();
  await account.getByText(E2E_READER.username).click();
  await expect(account.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(account.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  // The admin area sends them back here, with the same explanation.
  await page.goto("/admin/posts");
  await expect(page).toHaveURL(/\/login$/);
  await expect(standing).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(standing).toHaveCount(0);
});

test("logging out is one clean way to /login, from the dashboard and from the site's header: nothing fails on the way", async ({
  page,
}) => {
  const fromDashboard = problemsIn(page);
  await signIn(page);
  fromDashboard.length = 0;
  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page, "LoginForm");
  await page.waitForLoadState("networkidle");
  expect(fromDashboard).toEqual([]);

  await signIn(page);
  await page.goto("/");
  // The owner's home editor loads once the header knows who is signed in; leaving while its
  // styles still load would abort them, which is the page's doing, not the logout's.
  await expect(page.getByRole("link", { name: "Edit home layout" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const account = page.locator("site-account").first();
  await account.getByText(E2E_ADMIN.username).click();
  const fromHeader = problemsIn(page);
  await account.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page, "LoginForm");
  await page.waitForLoadState("networkidle");
  expect(fromHeader).toEqual([]);
});
