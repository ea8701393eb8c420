import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdRequests, hydrated, signupReady } from "./support";

const searchBox = (page: Page, name: string) => page.getByRole("main").getByRole("searchbox", { name });
const filter = (page: Page) => page.getByRole("main").getByRole("navigation", { name: "Filter by category" });
const count = (page: Page) => page.locator(".listing__count");

test.describe("archive", () => {
  test("searches and filters in place, keeping the address and history", async ({ page }) => {
    await page.goto("/archive");
    await hydrated(page, "ArchiveBrowser");
    await expect(count(page)).toHaveText("6 posts found");

    await filter(page).getByRole("link", { name: "Grey Days Sharp Eyes" }).click();
    await expect(page).toHaveURL(/\/archive\?category=Grey%20Days%20Sharp%20Eyes$/);
    await expect(count(page)).toHaveText("1 post found");

    await searchBox(page, "Search posts").fill("sandwich");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/archive\?search=sandwich$/);
    await expect(count(page)).toHaveText(/posts? found for "sandwich"/);
    // Searching clears the category, and the filter hides while a search is shown.
    await expect(filter(page)).toBeHidden();
    await expect(page.getByRole("link", { name: "The Sandwich Was Fine" })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/category=Grey%20Days%20Sharp%20Eyes$/);
    await expect(count(page)).toHaveText("1 post found");
    await expect(searchBox(page, "Search posts")).toHaveValue("");
  });

  test("a blank search means no search", async ({ page }) => {
    await page.goto("/archive?category=Meh%20Moments");
    await hydrated(page, "ArchiveBrowser");
    await searchBox(page, "Search posts").fill("   ");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/archive$/);
    await expect(count(page)).toHaveText("6 posts found");
  });

  test("shows six skeletons while loading, then the empty state with its reset", async ({ page }) => {
    await page.goto("/archive");
    await hydrated(page, "ArchiveBrowser");
    const search = await holdRequests(page, "**/api/posts/search?q=*");
    await searchBox(page, "Search posts").fill("zzzyzzy");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await search.arrived;
    await expect(page.locator(".card--skeleton")).toHaveCount(6);
    await expect(page.getByText("Loading posts...")).toBeAttached();
    search.release();
    await expect(page.getByText('No posts found for "zzzyzzy"')).toBeVisible();
    await expect(count(page)).toHaveText('0 posts found for "zzzyzzy"');
    await page.getByRole("link", { name: "View all posts" }).click();
    await expect(page).toHaveURL(/\/archive$/);
    await expect(count(page)).toHaveText("6 posts found");
  });

  test("a failed search says so in words, and shows no count of what it did not find", async ({ page }) => {
    // With the offline index out of reach too, nothing can answer the search.
    await page.route("**/pagefind/**", (route) => route.abort("connectionfailed"));
    await page.goto("/archive");
    await hydrated(page, "ArchiveBrowser");
    await page.route("**/api/posts/search?q=*", (route) =>
      route.fulfill({
        status: 503,
        json: { error: "The archive is resting. Try again shortly.", code: "unavailable" },
      }),
    );
    await searchBox(page, "Search posts").fill("kettle");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Search failed" });
    await expect(toast).toContainText("The archive is resting. Try again shortly.");
    await expect(toast).not.toContainText("503");
    await expect(page.getByRole("main").getByText("Search failed")).toBeVisible();
    await expect(count(page)).toHaveCount(0);
    await toast.getByRole("button", { name: "Dismiss notification" }).click();

    // A proxy's page is no sentence: the toast says what happened in the site's words.
    await page.route("**/api/posts/search?q=*", (route) =>
      route.fulfill({ status: 502, body: "<html>bad gateway</html>" }),
    );
    await searchBox(page, "Search posts").fill("radiator");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The search could not be done. Please try again." }),
    ).toBeVisible();
  });
});

test.describe("videos", () => {
  test("searches, filters and says when nothing matches", async ({ page }) => {
    await page.goto("/videos");
    await hydrated(page, "VideoBrowser");
    await expect(page.getByRole("article")).toHaveCount(6);
    await filter(page).getByRole("link", { name: "Grey Days Sharp Eyes" }).click();
    await expect(page).toHaveURL(/\/videos\?category=Grey%20Days%20Sharp%20Eyes$/);
    await expect(page.getByRole("article")).toHaveCount(2);

    const search = await holdRequests(page, "**/api/videos/search?q=*");
    await searchBox(page, "Search videos").fill("kettle");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await search.arrived;
    await expect(page.locator(".card--skeleton")).toHaveCount(3);
    search.release();
    await expect(page.getByRole("link", { name: "The Kettle That Took Its Time" })).toBeVisible();

    await searchBox(page, "Search videos").fill("spectacle");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByText('No videos found for "spectacle"')).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the archive searches and filters through plain links and forms", async ({ page }) => {
    await page.goto("/archive");
    await filter(page).getByRole("link", { name: "Meh Moments" }).click();
    await expect(page).toHaveURL(/category=Meh%20Moments$/);
    await expect(count(page)).toHaveText("1 post found");
    await searchBox(page, "Search posts").fill("ficus");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/archive\?search=ficus$/);
    await expect(page.getByRole("link", { name: "Chair Number Four, Left of the Ficus" })).toBeVisible();
  });

  test("the video search works as a form", async ({ page }) => {
    await page.goto("/videos");
    await searchBox(page, "Search videos").fill("cloud");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/videos\?search=cloud$/);
    await expect(page.getByRole("link", { name: "One Cloud, Unremarkable" })).toBeVisible();
  });

  test("the newsletter form subscribes and lands on a thank-you page", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Email address").fill(`nojs-${crypto.randomUUID()}@example.com`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter\/thanks$/);
    await expect(page.getByRole("heading", { name: "Successfully subscribed!" })).toBeVisible();
    await expect(page.getByText("a message asking you to confirm it is on its way")).toBeVisible();
  });
});

test.describe("newsletter form, with its script", () => {
  test("sends an address typed before the script arrived, once it has", async ({ page }) => {
    const scripts = await holdRequests(page, "**/_astro/*.js");
    await page.goto("/", { waitUntil: "commit" });
    const field = page.getByLabel("Email address");
    const address = `early-${crypto.randomUUID()}@example.com`;
    await field.fill(address);
    scripts.release();
    await signupReady(page);
    await expect(field).toHaveValue(address);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Successfully subscribed!" })).toBeVisible();
    await expect(field).toHaveValue("");
  });

  test("says what is wrong with an address beside the field, from the browser's check or the server's", async ({
    page,
  }) => {
    await page.goto("/");
    const field = page.getByLabel("Email address");
    await field.scrollIntoViewIfNeeded();
    await signupReady(page);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/newsletter/subscribe")) sent.push(request.url());
    });
    // Not an address at all: the page says so and sends nothing.
    await field.fill("not an address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
    // An address the browser takes and the server does not (no top-level domain): the
    // server's reason, in the same place, and the field keeps what was typed.
    const refused = page.waitForResponse("**/api/newsletter/subscribe");
    await field.fill("someone@localhost");
    await page.getByRole("button", { name: "Subscribe" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
    await expect(field).toHaveValue("someone@localhost");
  });

  test("shows '...' while sending, clears the field and confirms", async ({ page }) => {
    await page.goto("/");
    const field = page.getByLabel("Email address");
    await field.scrollIntoViewIfNeeded();
    await signupReady(page);
    const subscribe = await holdRequests(page, "**/api/newsletter/subscribe");
    await field.fill(`island-${crypto.randomUUID()}@example.com`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await subscribe.arrived;
    await expect(page.getByRole("button", { name: "..." })).toBeDisabled();
    subscribe.release();
    // The spec's title, and what to do next: nothing arrives until the address is confirmed.
    await expect(page.getByRole("status").filter({ hasText: "Successfully subscribed!" })).toContainText(
      "If this address is new to us, a message asking you to confirm it is on its way",
    );
    await expect(field).toHaveValue("");
  });

  test("says so when the subscription fails, and sends nothing for a blank field", async ({ page }) => {
    await page.goto("/");
    let posts = 0;
    await page.route("**/api/newsletter/subscribe", (route) => {
      posts += 1;
      return route.fulfill({ status: 503, json: { error: "down" } });
    });
    const field = page.getByLabel("Email address");
    await field.scrollIntoViewIfNeeded();
    await signupReady(page);
    await field.fill("   ");
    await page.getByRole("button", { name: "Subscribe" }).click();
    expect(posts).toBe(0);
    await field.fill("someone@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Subscription failed" })).toContainText(
      "Please try again later.",
    );
    expect(posts).toBe(1);
    await expect(field).toHaveValue("someone@example.com");
    // Typed text stays in the field, out of the markup a stylesheet's selectors match.
    await expect(page.locator('input[value*="someone"]')).toHaveCount(0);
  });
});
