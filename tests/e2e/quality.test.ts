import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { PUBLIC_PAGES, seriousViolations, siteOrigin } from "./support";

// One page of each kind: the others of a kind differ in text, not in markup or styles.
const PAGE_KINDS = [
  "/",
  "/about",
  "/anhedonia",
  "/archive?search=waiting",
  "/videos",
  "/videos/ceiling-tiles-ranked",
  "/post/chair-number-four-left-of-the-ficus",
  // An essay: contents, figures, boxes, notes and embeds.
  "/post/in-praise-of-the-hotel-lobby-painting",
  "/nickname-generator",
  "/post/no-such-post",
  "/no/such/page",
  "/newsletter/try-again?reason=invalid",
];

test.describe("accessibility (axe: WCAG 2.1 A/AA and best practices)", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`no serious or critical violation on any kind of public page, ${label}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      for (const path of PAGE_KINDS) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});

test("no console error and no failed request on any public page, for a visitor", async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  // A not-found page answers its own address with 404 on purpose (and Chromium logs that);
  // nothing else may fail.
  const notFoundPages = new Set<string>();
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.status() === 404) notFoundPages.add(response.url());
    else if (response.status() >= 400) problems.push(`${String(response.status())}: ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !notFoundPages.has(message.location().url))
      problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Leaving a page cancels what it was still loading (a video's next range): not a failure.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${request.url()}`);
  });
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});

test("every public page is valid HTML, its headings in order", async ({ request }) => {
  const validator = new HtmlValidate({ extends: ["html-validate:standard"], rules: { "heading-level": "error" } });
  for (const path of PUBLIC_PAGES) {
    const report = await validator.validateString(await (await request.get(path)).text());
    const errors = report.results.flatMap((r) =>
      r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`),
    );
    expect(errors, path).toEqual([]);
  }
});

/** Gzipped bytes of JavaScript a page runs before any interaction (external and inline). */
async function javascriptBytes(page: Page, path: string): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  // Read a body once it has arrived: asking while it streams can outlive the test on a busy machine.
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    bodies.push(request.response().then((response) => (response ? response.body() : Buffer.alloc(0))));
  });
  await page.goto(path);
  // Islands hydrate when the browser is idle; give them the time to ask for their code.
  await page.waitForLoadState("networkidle");
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => s.getAttribute("type") !== "application/ld+json")
      .map((s) => s.textContent)
      .join(""),
  );
  const external = await Promise.all(bodies);
  return [...external, Buffer.from(inline)].reduce((sum, body) => sum + gzipSync(body).length, 0);
}

test.describe("JavaScript budgets", () => {
  const KB = 1024;
  for (const path of [
    "/post/the-sandwich-was-fine",
    "/post/in-praise-of-the-hotel-lobby-painting",
    "/about",
    "/anhedonia",
    "/nope",
  ]) {
    test(`${path} ships at most 10 KB, and no React`, async ({ page }) => {
      expect(await javascriptBytes(page, path)).toBeLessThanOrEqual(10 * KB);
      expect(await page.locator("astro-island").count()).toBe(0);
    });
  }
  // An essay's contents, figures, boxes and notes are markup and CSS; only a body with a
  // player to start carries the click code that starts it.
  // Together no more than a post page shipped before essays (2.8 KB): the notices' code,
  // a third of every page's, loads only when a notice is waiting.
  test("an essay with embeds ships at most 0.5 KB more than a post with none, and 2.8 KB in all", async ({ page }) => {
    const plain = await javascriptBytes(page, "/post/the-sandwich-was-fine");
    const essay = await javascriptBytes(page, "/post/in-praise-of-the-hotel-lobby-painting");
    expect(essay - plain).toBeLessThanOrEqual(KB / 2);
    expect(essay).toBeLessThanOrEqual(2.8 * KB);
  });
  // The player's components (Media Chrome) are the page's one script of size, and no React:
  // within the islands' budget, with room for hls.js's loader, which comes only when needed.
  test("a video page ships at most 80 KB, and no React", async ({ page }) => {
    expect(await javascriptBytes(page, "/videos/ceiling-tiles-ranked")).toBeLessThanOrEqual(80 * KB);
    expect(await page.locator("astro-island").count()).toBe(0);
  });
  // 80 KB for the React listings and the generator, 1 KB more for every page's analytics
  // beacon (inlined, under 0.5 KB gzip), the most the beacon was allowed to add, and 0.25 KB
  // for the file that shows a notice left by the last page: its own file, so that pages
  // without React load the notices' code only when one is waiting (0.65 KB less on each).
  // And 0.25 KB for a listing to say where a search stopped counting ("More than 1,000
  // posts", a pager with no last page, the API's header for it), which took the archive
  // 0.15 KB over.
  for (const path of ["/", "/archive", "/videos", "/nickname-generator"]) {
    test(`${path} ships at most 81.5 KB`, async ({ page }) => {
      expect(await javascriptBytes(page, path)).toBeLessThanOrEqual(81.5 * KB);
    });
  }
});

test.describe("findable", () => {
  test("a post has its title, description, canonical URL, social cards and BlogPosting data", async ({ page }) => {
    const origin = siteOrigin();
    await page.goto("/post/the-sandwich-was-fine?utm=x");
    await expect(page).toHaveTitle("The Sandwich Was Fine | Mostly Meh");
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    expect(await meta('meta[name="description"]')).toMatch(/sandwich/i);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/post/the-sandwich-was-fine`);
    expect(await meta('meta[property="og:type"]')).toBe("article");
    expect(await meta('meta[property="og:image"]')).toBe(`${origin}/uploads/seed/the-sandwich-was-fine-cover.jpg`);
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "The Sandwich Was Fine",
      author: { name: "Ellis Beige" },
    });
  });

  test("a video has its poster as the card and VideoObject data", async ({ page }) => {
    const origin = siteOrigin();
    await page.goto("/videos/ceiling-tiles-ranked");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(
      `${origin}/uploads/seed/ceiling-tiles-ranked-poster.jpg`,
    );
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({
      "@type": "VideoObject",
      name: "Ceiling Tiles, Ranked",
      duration: expect.stringMatching(/^PT\d+S$/),
    });
  });

  test("home describes the site as a WebSite with a search action", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Mostly Meh");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({ "@type": "WebSite", name: "Mostly Meh" });
  });

  test("not-found pages ask not to be indexed", async ({ page }) => {
    await page.goto("/post/nope");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
