import { expect, test, type Page } from "@playwright/test";
import { siteOrigin } from "./support";

const KETTLE_DATE = "May 12, 2026";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("header and footer", () => {
  test("link every section, the categories and the real feed", async ({ page }) => {
    await page.goto("/about");
    const nav = mainNav(page);
    for (const label of ["Home", "About", "Videos", "Archive", "Nickname Generator"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Login" }).first()).toHaveAttribute("href", "/login");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Understanding Anhedonia" })).toHaveAttribute("href", "/anhedonia");
    await expect(footer.getByRole("link", { name: "Grey Days Sharp Eyes" })).toHaveAttribute(
      "href",
      "/archive?category=Grey%20Days%20Sharp%20Eyes",
    );
    const feed = await page.request.get(
      (await footer.getByRole("link", { name: "RSS Feed" }).getAttribute("href")) ?? "",
    );
    expect(feed.headers()["content-type"]).toContain("rss");
  });

  test("the categories menu works by keyboard and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const summary = mainNav(page).getByText("Categories");
    await summary.focus();
    await page.keyboard.press("Enter");
    const option = mainNav(page).getByRole("link", { name: "Meh Moments" });
    await expect(option).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(option).toBeHidden();
    await expect(summary).toBeFocused();
    await summary.click();
    await option.click();
    await expect(page).toHaveURL(/\/archive\?category=Meh%20Moments$/);
  });

  test("a skip link jumps to the content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });

  test("a search from the header goes to the archive", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("searchbox", { name: "Search posts" }).first().fill("ficus");
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/\/archive\?search=ficus$/);
    await expect(page.getByRole("link", { name: "Chair Number Four, Left of the Ficus" })).toBeVisible();
  });

  test("a signed-in admin sees their menu and the designer button; nothing of it is in the HTML", async ({ page }) => {
    // The hint sign-in sets, without which the header does not ask.
    await page.context().addCookies([{ name: "signed_in", value: "1", url: siteOrigin() }]);
    await page.route("/api/auth/me", (route) =>
      route.fulfill({ json: { user: { username: "curator", role: "admin" } } }),
    );
    await page.goto("/");
    const account = page.locator("site-account").first();
    await account.getByText("curator").click();
    await expect(account.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
    await expect(account.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit home layout" })).toHaveAttribute("href", /\/admin\/designer/);
  });
});

test.describe("layout at every width", () => {
  test("at 1024 px the header keeps every item on one line, with the site's chevron", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/about");
    const nav = mainNav(page);
    const boxes = await nav.locator(":scope > ul > li > a, :scope > ul > li > details > summary").evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { middle: box.top + box.height / 2, height: box.height, text: item.textContent.trim() };
      }),
    );
    expect(boxes.length).toBe(6);
    for (const box of boxes) {
      expect(Math.abs(box.middle - (boxes[0]?.middle ?? 0)), box.text).toBeLessThan(2);
      // One line of the header's text: no item breaks over two.
      expect(box.height, box.text).toBeLessThan(36);
    }
    // Nothing is pushed out of the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const login = await page.getByRole("link", { name: "Login" }).first().boundingBox();
    expect((login?.x ?? Infinity) + (login?.width ?? 0)).toBeLessThanOrEqual(1024);
    // The search field keeps room for its placeholder; the button says Search with its magnifier.
    const field = page.getByRole("search").first().getByRole("searchbox");
    expect(
      await field.evaluate((input: HTMLInputElement) => {
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(input).font;
        probe.style.position = "absolute";
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return input.clientWidth - needed;
      }),
    ).toBeGreaterThanOrEqual(0);
    await expect(page.getByRole("search").first().getByRole("button", { name: "Search" })).toBeVisible();
    // No browser triangle: the summary draws its own chevron.
    const summary = nav.locator("summary");
    expect(await summary.evaluate((el) => getComputedStyle(el).display)).not.toBe("list-item");
    expect(await summary.evaluate((el) => getComputedStyle(el, "::after").borderRightStyle)).toBe("solid");
  });

  for (const path of ["/login", "/no/such/page", "/archive?search=zzzzzz"]) {
    test(`the footer of the short page ${path} sits at the bottom of the window`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 1400 });
      await page.goto(path);
      const bottom = await page.getByRole("contentinfo").evaluate((footer) => footer.getBoundingClientRect().bottom);
      expect(bottom).toBe(1400);
    });
  }

  test("at 390 px the designer button never covers a link or a button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: "signed_in", value: "1", url: siteOrigin() }]);
    await page.route("/api/auth/me", (route) =>
      route.fulfill({ json: { user: { username: "curator", role: "admin" } } }),
    );
    await page.goto("/");
    const fab = page.getByRole("link", { name: "Edit home layout" });
    await expect(fab).toBeVisible();
    for (const at of ["top", "middle", "bottom"] as const) {
      await page.evaluate((where) => {
        const height = document.documentElement.scrollHeight;
        window.scrollTo(0, where === "top" ? 0 : where === "middle" ? height / 2 : height);
      }, at);
      const covered = await fab.evaluate((button) => {
        const a = button.getBoundingClientRect();
        return [...document.querySelectorAll("a, button")]
          .filter((el) => el !== button && el.checkVisibility({ visibilityProperty: true }))
          .filter((el) => {
            const b = el.getBoundingClientRect();
            return b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          })
          .map((el) => el.textContent.trim());
      });
      expect(covered, at).toEqual([]);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cached header shows Login to everyone, never a user menu", async ({ page }) => {
    await page.route("/api/auth/me", (route) =>
      route.fulfill({ json: { user: { username: "curator", role: "admin" } } }),
    );
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
    await expect(page.getByText("curator")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu holds the same items, and nothing scrolls sideways", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page)).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const label of ["Home", "About", "Videos", "Archive", "Nickname Generator", "All Posts", "Meh Moments"]) {
      await expect(mobile.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("home", () => {
  test("a category hides the featured post and videos and shows only that category", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Filter by category" })
      .getByRole("link", { name: "Waiting Room Diaries" })
      .click();
    await expect(page).toHaveURL(/\/\?category=Waiting%20Room%20Diaries$/);
    await expect(page.getByRole("heading", { name: "Featured" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Video essays" })).toHaveCount(0);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    for (const badge of await cards.locator(".badge").allTextContents()) expect(badge).toBe("Waiting Room Diaries");
    await expect(page.getByRole("heading", { name: "Why pay attention to the meh?" })).toBeVisible();
  });

  test("the about teaser links to About and Understanding Anhedonia", async ({ page }) => {
    await page.goto("/");
    const teaser = page.locator("section", {
      has: page.getByRole("heading", { name: "Why pay attention to the meh?" }),
    });
    await expect(teaser.getByRole("link", { name: "About the project" })).toHaveAttribute("href", "/about");
    await expect(teaser.getByRole("link", { name: "Understanding anhedonia" })).toHaveAttribute("href", "/anhedonia");
  });
});

test.describe("static pages", () => {
  test("/anhedonia links back to /about", async ({ page }) => {
    await page.goto("/anhedonia");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Understanding Anhedonia");
    await page.getByRole("link", { name: "Back to About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "Manifesto" })).toBeVisible();
  });
});

test.describe("a post", () => {
  test("shows its rating, en-US date, read time, gallery in order and analysis", async ({ page }) => {
    await page.goto("/post/in-praise-of-the-hotel-lobby-painting");
    await expect(page.getByRole("img", { name: "Meh rating: 4 out of 5" })).toBeVisible();
    await expect(page.locator("time").first()).toHaveText("March 14, 2026");
    await expect(page.getByText("4 min read")).toBeVisible();
    const gallery = page.locator(".post__gallery figure");
    await expect(gallery).toHaveCount(3);
    const links = gallery.getByRole("link");
    for (let i = 0; i < 3; i++) {
      await expect(links.nth(i)).toHaveAttribute("target", "_blank");
      await expect(links.nth(i)).toHaveAttribute(
        "href",
        `/uploads/seed/in-praise-of-the-hotel-lobby-painting-${i + 1}.jpg`,
      );
    }
    const [tab] = await Promise.all([page.context().waitForEvent("page"), links.first().click()]);
    await expect(tab).toHaveURL(/-1\.jpg$/);
    await expect(page.getByRole("heading", { name: "Analysis" })).toBeVisible();
    for (const term of ["Existential echo", "Soundtrack potential", "Emotional texture"]) {
      await expect(page.getByText(term, { exact: true })).toBeVisible();
    }
  });

  test("serves responsive images the image service resized", async ({ page }) => {
    await page.goto("/post/in-praise-of-the-hotel-lobby-painting");
    const cover = page.locator(".post__cover");
    await expect(cover).toHaveAttribute("srcset", /w=480.*480w.*w=1200.*1200w/);
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "675");
    const src = (await cover.getAttribute("src")) ?? "";
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    await expect(page.locator(".post__gallery img").first()).toHaveAttribute("loading", "lazy");
    expect((await page.request.get("/_image?href=%2Fuploads%2Fseed%2Fnope.jpg&w=100&h=100&f=webp")).status()).toBe(404);
    expect((await page.request.get("/_image?href=%2Fetc%2Fpasswd&w=100&h=100&f=webp")).status()).toBe(400);
    expect(
      (
        await page.request.get(`/_image?href=${encodeURIComponent("/uploads/seed/a.jpg")}&w=9000&h=9000&f=webp`)
      ).status(),
    ).toBe(400);
  });
});

test.describe("a video", () => {
  test("shows category, date, m:ss duration, rating, captions and up to three related videos", async ({ page }) => {
    await page.goto("/videos/the-kettle-that-took-its-time");
    await expect(page.locator("article time")).toHaveText(KETTLE_DATE);
    await expect(page.locator("article .meta").first()).toContainText(/0:0\d/);
    await expect(page.locator("video track[kind=captions]")).toHaveAttribute(
      "src",
      /the-kettle-that-took-its-time\.vtt$/,
    );
    const vtt = await page.request.get((await page.locator("video track").getAttribute("src")) ?? "");
    expect(await vtt.text()).toMatch(/^WEBVTT/);

    await page.goto("/videos/the-queue-moves-slightly");
    await expect(page.locator("video track")).toHaveCount(0);

    await page.goto("/videos/ceiling-tiles-ranked");
    const related = page.locator("section", {
      has: page.getByRole("heading", { name: "More from Waiting Room Diaries" }),
    });
    await expect(related.getByRole("article")).toHaveCount(1);
    await expect(related.getByRole("link", { name: "The Queue Moves, Slightly" })).toBeVisible();
  });
});
