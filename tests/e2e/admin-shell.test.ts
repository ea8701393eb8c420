import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { E2E_ADMIN, fromVisitor, holdRequests, seriousViolations, siteOrigin } from "./support";

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test("every admin screen shares one shell: its sections, who is signed in, and sign-out", async ({ page }) => {
  await signIn(page);
  for (const [path, current] of [
    ["/admin", "Dashboard"],
    ["/admin/posts", "Posts"],
    ["/admin/videos", "Videos"],
    ["/admin/css", "Theme (CSS)"],
    ["/admin/newsletter", "Newsletter"],
    ["/admin/analytics", "Analytics"],
  ] as const) {
    await page.goto(path);
    const nav = adminNav(page);
    for (const label of ["Dashboard", "Posts", "Videos", "Theme (CSS)", "Home layout", "Newsletter", "Analytics"]) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: current })).toHaveAttribute("aria-current", "page");
    await expect(nav).toContainText(`Signed in as ${E2E_ADMIN.username}`);
  }
  // The dashboard keeps its own Logout (SPEC §2); the other screens have the shell's.
  await expect(adminNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await adminNav(page).getByRole("link", { name: "Posts" }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveCount(0);
});

test("a manager's cards show their cover, and its dialog has a title and a close button", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts");
  const cover = page.locator(".manager__card").first().locator("img");
  await expect(cover).toHaveAttribute("src", /^\/_image\?|^\/uploads\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Keyboard only: open, see where you are, close.
  await page.getByRole("button", { name: "New Post" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New post" });
  await expect(dialog.getByRole("heading", { name: "New post", level: 2 })).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // An edit form appears once the post's gallery has loaded; the focus waits for its title.
  const gallery = await holdRequests(page, "**/api/posts/*/images");
  await page.getByRole("button", { name: /^Edit/ }).first().click();
  const edit = page.getByRole("dialog", { name: "Edit post" });
  await gallery.arrived;
  await expect(edit.getByText("Loading...")).toBeVisible();
  gallery.release();
  await expect(edit.getByLabel("Title")).toBeFocused();
});

test.describe("admin screens are accessible", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`no serious or critical violation on the admin screens and the post dialog, ${label}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await signIn(page);
      const check = async (where: string, exclude?: string) => {
        expect(await seriousViolations(page, undefined, exclude), where).toEqual([]);
      };
      for (const path of [
        "/admin",
        "/admin/posts",
        "/admin/videos",
        "/admin/css",
        "/admin/newsletter",
        "/admin/analytics",
      ]) {
        await page.goto(path);
        await expect(adminNav(page)).toBeVisible();
        await page.waitForLoadState("networkidle");
        await check(path);
      }
      // The newsletter's subscriber table scrolls in its own box on a phone, never the page,
      // however long an address is.
      const address = `a-rather-long-address-${crypto.randomUUID()}@subdomain.example.org`;
      await page.request.post("/api/newsletter/subscribe", {
        headers: { Origin: siteOrigin(), ...fromVisitor() },
        data: { email: address },
      });
      // A signup is taken by the job queue, a moment after its answer.
      const search = `/api/newsletter/subscribers?search=${encodeURIComponent(address)}`;
      await expect.poll(async () => ((await (await page.request.get(search)).json()) as unknown[]).length).toBe(1);
      await page.goto("/admin/newsletter");
      await page.getByRole("tab", { name: "Subscribers" }).click();
      await expect(page.getByRole("row").filter({ hasText: address })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await check("the subscriber list");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.goto("/admin/posts/new");
      await expect(page.getByRole("dialog", { name: "New post" })).toBeVisible();
      // The preview's frame is sandboxed without scripts, which axe cannot enter; what it shows
      // is the post's page, which the public pages' checks cover.
      await check("the post dialog", 'iframe[title="Preview"]');
      // Nothing of the shell spills sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
