import type { APIRequestContext, Browser, Frame, Page } from "@playwright/test";
import { dismiss, signInAs } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, holdRequests, hydrated } from "./support";

// These change the theme every page wears, so they run alone, after every other browser
// test (their own project), and leave the default theme in force.

const ACCENT = "#cc3300";
// The default theme's link colour, --accent-cool-strong.
// The default link colour is the cool accent's strong shade, made from the accent in CSS.
const DEFAULT_LINK = "oklch(from #7f98a6 min(l, 0.45) c h)";

/** A custom property of the page's root as the page computes it. */
async function rootToken(target: Page | Frame, name: string): Promise<string> {
  return target.evaluate((token) => getComputedStyle(document.documentElement).getPropertyValue(token).trim(), name);
}

/** The colour a page computes for `value` (a token's `var()`), as the `#rrggbb` a colour input shows. */
async function computedHex(target: Page | Frame, value: string): Promise<string> {
  return target.evaluate((colour) => {
    const probe = document.createElement("span");
    probe.style.color = colour;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("No canvas");
    context.fillStyle = computed;
    context.fillRect(0, 0, 1, 1);
    return `#${[...context.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  }, value);
}

/** The home page as a visitor sees it: a fresh browser context without any cookie. */
async function asVisitor<T>(browser: Browser, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/");
    return await read(page);
  } finally {
    await context.close();
  }
}

async function openEditor(page: Page): Promise<void> {
  await page.goto("/admin/css");
  await hydrated(page, "CssEditor");
  await expect(page.getByRole("heading", { name: "CSS Style Editor" })).toBeVisible();
}

const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of the site"]');
const previewFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().includes("theme-preview"));
  if (!frame) throw new Error("no preview frame");
  return frame;
};

/** Replace everything in the Code Editor with `css`. */
async function typeCode(page: Page, css: string): Promise<void> {
  await page.bringToFront();
  await page.getByRole("tab", { name: "Code Editor" }).click();
  const code = page.getByRole("textbox", { name: "Theme CSS" });
  await code.click();
  await expect(code).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(css);
  await expect(code).toContainText(css.split("\n")[0] ?? "");
}

/**
 * Whether the Code Editor shows a line holding `text`. It draws only the lines in view, so
 * this scrolls through it as a person would.
 */
async function codeShows(page: Page, text: string): Promise<boolean> {
  const scroller = page.locator(".cm-scroller");
  await scroller.evaluate((element) => {
    element.scrollTop = 0;
  });
  for (;;) {
    if ((await page.locator(".cm-line", { hasText: text }).count()) > 0) return true;
    const moved = await scroller.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight / 2;
      return element.scrollTop !== before;
    });
    if (!moved) return false;
  }
}

async function activeId(admin: APIRequestContext): Promise<number> {
  return ((await (await admin.get("/api/css/current")).json()) as { id: number }).id;
}

test.afterAll(async ({ admin }) => {
  await admin.post("/api/css/reset");
});

test("the owner restyles the site: preview before saving, save, restore, reset", async ({ page, browser, admin }) => {
  test.setTimeout(60_000);
  await signInAs(admin, page.context());
  await openEditor(page);
  await expect(preview(page).locator("main")).toBeVisible();
  await expect.poll(() => rootToken(previewFrame(page), "--color-link")).toBe(DEFAULT_LINK);
  // A colour made from an accent shows, in its swatch, the colour the page computes for it.
  for (const [label, token] of [
    [/Accent: links/, "--color-link"],
    [/Accent: focus ring/, "--color-focus"],
  ] as const) {
    const swatch = await page.getByLabel(label).inputValue();
    expect(swatch, label.source).not.toBe("#000000");
    expect(swatch, label.source).toBe(await computedHex(previewFrame(page), `var(${token})`));
  }

  // The Visual Editor changes the draft; the preview follows before anything is saved.
  await page.getByLabel(/Accent: links/).fill(ACCENT);
  await expect.poll(() => rootToken(previewFrame(page), "--color-link")).toBe(ACCENT);
  expect(await asVisitor(browser, (p) => rootToken(p, "--color-link"))).toBe(DEFAULT_LINK);

  // The Code Editor shows the same document, and a rule typed there joins it.
  await page.getByRole("tab", { name: "Code Editor" }).click();
  await expect.poll(() => codeShows(page, `--color-link: ${ACCENT}`)).toBe(true);
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText("\nh1 { letter-spacing: 3px; }\n");
  await expect
    .poll(() =>
      previewFrame(page).evaluate(() => getComputedStyle(document.querySelector("h1") ?? document.body).letterSpacing),
    )
    .toBe("3px");

  await page.getByLabel("Theme name").fill("Rust accent");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "CSS Saved");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  // A visitor gets the new look at once.
  const seen = await asVisitor(browser, async (p) => ({
    accent: await rootToken(p, "--color-link"),
    spacing: await p.evaluate(() => getComputedStyle(document.querySelector("h1") ?? document.body).letterSpacing),
  }));
  expect(seen).toEqual({ accent: ACCENT, spacing: "3px" });

  // Restore the revision before it: a copy becomes the newest, the site goes back.
  const history = page.getByRole("region", { name: "History" });
  const earlier = history.getByRole("listitem").nth(1);
  await earlier.getByRole("button", { name: /^Restore/ }).click();
  await dismiss(page, "Theme restored");
  await expect(history.getByRole("listitem").first()).toContainText("Restored:");
  expect(await asVisitor(browser, (p) => rootToken(p, "--color-link"))).toBe(DEFAULT_LINK);

  // Reset to Default asks first, then adds the shipped theme as the newest revision.
  await page.getByRole("tab", { name: "Visual Editor" }).click();
  await page.getByLabel(/Accent: links/).fill("#0000ff");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "CSS Saved");
  await page.getByRole("button", { name: "Reset to Default" }).click();
  const confirm = page.getByRole("dialog", { name: "Reset to the default theme?" });
  await confirm.getByRole("button", { name: "Reset to Default" }).click();
  await dismiss(page, "Theme reset");
  await expect(history.getByRole("listitem").first()).toContainText("Default");
  await expect(history.getByRole("listitem").first()).toContainText("Live");
  expect(await asVisitor(browser, (p) => rootToken(p, "--color-link"))).toBe(DEFAULT_LINK);
});

test("the editor shows the validator's verdict while typing, and a refused save keeps the theme", async ({
  page,
  admin,
}) => {
  await signInAs(admin, page.context());
  await openEditor(page);
  const before = await activeId(admin);
  await typeCode(page, "a { color: red }\nbody { background: url(https://evil.example/x.png) }\n");
  const problems = page.getByRole("list", { name: "Problems" });
  await expect(problems).toContainText(/Line 2, column \d+: url\(\) may only/);
  await expect(page.locator(".cm-lintRange-error")).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+s");
  const refusal = page.getByRole("alert").filter({ hasText: "Failed to save CSS changes." });
  await expect(refusal).toContainText(/Line 2, column \d+/);
  expect(await activeId(admin)).toBe(before);

  // Fixed, the verdict clears and Ctrl/Cmd+S saves.
  await typeCode(page, "a { color: red }\n");
  await expect(problems).toBeHidden();
  await refusal.getByRole("button", { name: "Dismiss notification" }).click();
  await page.keyboard.press("ControlOrMeta+s");
  await dismiss(page, "CSS Saved");
  expect(await activeId(admin)).toBeGreaterThan(before);
});

test("a save made the moment typing ends keeps every keystroke, even on a busy page", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  await openEditor(page);
  await page.getByRole("tab", { name: "Code Editor" }).click();
  await page.getByRole("textbox", { name: "Theme CSS" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  const css = ":root { --radius: 9px; }\n";
  // The page is busy as the typing and the shortcut arrive, as on a loaded machine: the
  // browser handles both key events before React has rendered what was typed.
  await page.evaluate(() => {
    setTimeout(() => {
      const start = performance.now();
      while (performance.now() - start < 300);
    });
  });
  await page.keyboard.insertText(css);
  await page.keyboard.press("ControlOrMeta+s");
  await dismiss(page, "CSS Saved");
  expect(((await (await admin.get("/api/css/current")).json()) as { cssContent: string }).cssContent).toBe(css);
});

test("unsaved work is asked about before leaving or signing out", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  await openEditor(page);
  await page
    .getByLabel(/Corner radius/)
    .first()
    .fill("12");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
  await expect.poll(() => questions).toEqual(["confirm"]);
  await expect(page).toHaveURL(/\/admin\/css$/);
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(200);
});

test("a theme that hides everything is fixed from the browser through safe mode", async ({ page, browser, admin }) => {
  test.setTimeout(60_000);
  await signInAs(admin, page.context());
  await openEditor(page);
  await typeCode(page, "* { display: none !important }\n");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "CSS Saved");

  // The site, the dashboard and the login form are all hidden now.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeHidden();
  const visitor = await browser.newContext();
  const fresh = await visitor.newPage();
  try {
    await fresh.goto("/login");
    await expect(fresh.getByRole("button", { name: "Sign In", exact: true })).toBeHidden();

    // Safe mode: the login form, then the dashboard, wear the default theme.
    await fresh.goto("/login?safe-theme=1");
    await hydrated(fresh, "LoginForm");
    await fresh.getByLabel("Username").fill(E2E_ADMIN.username);
    await fresh.getByLabel("Password").fill(E2E_ADMIN.password);
    await fresh.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(fresh).toHaveURL(/\/admin\?safe-theme=1$/);
    await expect(fresh.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await fresh.getByRole("link", { name: "Open CSS Editor" }).click();
    await hydrated(fresh, "CssEditor");
    // The editor never wears the custom theme, so its controls stay usable.
    await fresh.getByRole("button", { name: "Reset to Default" }).click();
    await fresh.getByRole("dialog").getByRole("button", { name: "Reset to Default" }).click();
    await dismiss(fresh, "Theme reset");
    await fresh.goto("/");
    await expect(fresh.getByRole("main")).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("the stylesheet: versioned for good, checked again otherwise, public; safe mode and preview link none", async ({
  request,
  admin,
}) => {
  const id = await activeId(admin);
  const homeResponse = await request.get("/");
  const home = await homeResponse.text();
  // Behind the validator: a rule that slipped through still cannot fetch from another site.
  expect(homeResponse.headers()["content-security-policy"]).toMatch(/img-src 'self' data: blob:;\s*font-src 'self'/);
  expect(home).toContain(`/api/css/current/styles.css?v=${id}`);

  const pinned = await request.get(`/api/css/current/styles.css?v=${id}`);
  expect(pinned.headers()["content-type"]).toBe("text/css; charset=utf-8");
  expect(pinned.headers()["cache-control"]).toContain("immutable");
  const live = await request.get(`/api/css/current/styles.css?t=${Date.now()}`);
  expect(live.headers()["cache-control"]).toBe("no-cache");
  const again = await request.get("/api/css/current/styles.css", {
    headers: { "If-None-Match": live.headers().etag ?? "" },
  });
  expect(again.status()).toBe(304);

  for (const path of ["/?safe-theme=1", "/about?theme-preview=1"]) {
    expect(await (await request.get(path)).text()).not.toContain("/api/css/current/styles.css");
  }
  const framed = await request.get("/about?theme-preview=1");
  expect(framed.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(framed.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  const unframed = await request.get("/about");
  expect(unframed.headers()["x-frame-options"]).toBe("DENY");

  // Revisions are the owner's; the stylesheet and the current theme are anyone's.
  expect((await request.get("/api/css/revisions")).status()).toBe(401);
  expect((await request.get("/api/css/current")).status()).toBe(200);
});

test("a save shows on every public page at once", async ({ admin, request }) => {
  await request.get("/about");
  const response = await admin.post("/api/css/save", { data: { cssContent: ":root { --radius: 3px; }" } });
  expect(response.status(), await response.text()).toBe(201);
  const { id, name } = (await response.json()) as { id: number; name: string };
  expect(name).toMatch(/^Theme of /);
  for (const path of ["/", "/about", "/archive", "/no/such/page"]) {
    expect(await (await request.get(path)).text(), path).toContain(`styles.css?v=${id}`);
  }
});

test("an admin page follows a save made in another tab of this browser, without reloading", async ({
  page,
  context,
  admin,
}) => {
  await signInAs(admin, page.context());
  await page.goto("/admin");
  await page.evaluate(() => {
    (window as { unreloaded?: boolean }).unreloaded = true;
  });
  const editor = await context.newPage();
  await openEditor(editor);
  await typeCode(editor, ":root { --radius: 11px; }\n");
  await editor.keyboard.press("ControlOrMeta+s");
  await dismiss(editor, "CSS Saved");
  // Long before the 30-second check: the save was announced to the page.
  await expect.poll(() => rootToken(page, "--radius"), { timeout: 5000 }).toBe("11px");
  expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  await expect(page.locator("link[data-theme-stylesheet]")).toHaveCount(1);
});

test("an admin page checks the stylesheet every 30 s, so a save made anywhere shows", async ({ browser, admin }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.clock.install({ time: new Date("2026-11-24T09:00:00Z") });
    await signInAs(admin, page.context());
    await page.goto("/admin");
    // The page checks at once as the clock jumps; the save comes after that check's answer.
    const checked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/css/current/styles.css");
    await page.clock.pauseAt(new Date("2026-11-24T09:01:00Z"));
    await checked;
    await expect(page.locator("link[data-theme-stylesheet]")).toHaveCount(1);
    const before = await rootToken(page, "--radius");
    const response = await admin.post("/api/css/save", { data: { cssContent: ":root { --radius: 13px; }" } });
    expect(response.status()).toBe(201);
    await page.clock.runFor(25_000);
    expect(await rootToken(page, "--radius")).toBe(before);
    await page.clock.runFor(5_000);
    await expect.poll(() => rootToken(page, "--radius")).toBe("13px");
  } finally {
    await context.close();
  }
});

test("a check answered late never undoes a newer one", async ({ browser, admin }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.clock.install({ time: new Date("2026-11-24T09:00:00Z") });
    await signInAs(admin, context);
    await page.goto("/admin");
    // The first check is answered before the save, but its answer reaches the page last.
    let answered = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answered = resolve));
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    let handedOver = () => {};
    const firstHandedOver = new Promise<void>((resolve) => (handedOver = resolve));
    let checks = 0;
    await page.route(
      (url) => url.pathname === "/api/css/current/styles.css",
      async (route) => {
        checks += 1;
        if (checks > 1) {
          await route.continue();
          return;
        }
        const answer = await route.fetch();
        answered();
        await delivered;
        // The page may have given up on it (that is the point), so the hand-over can fail.
        await route.fulfill({ response: answer }).catch(() => undefined);
        handedOver();
      },
    );
    // Past the first check's time: it is made now, and the next one 30 s on.
    await page.clock.pauseAt(new Date("2026-11-24T09:00:40Z"));
    await firstAnswered;
    const response = await admin.post("/api/css/save", { data: { cssContent: ":root { --radius: 17px; }" } });
    expect(response.status()).toBe(201);
    await page.clock.runFor(30_000);
    await expect(page.locator("link[data-theme-stylesheet]")).toHaveCount(1);
    await expect.poll(() => rootToken(page, "--radius")).toBe("17px");
    deliver();
    await firstHandedOver;
    await expect(page.locator("link[data-theme-stylesheet]")).toHaveCount(1);
    expect(await rootToken(page, "--radius")).toBe("17px");
  } finally {
    await context.close();
  }
});

test("Preview Site opens the site in a tab wearing the draft, for the owner only", async ({ page, browser, admin }) => {
  await signInAs(admin, page.context());
  await openEditor(page);
  await page.getByLabel(/Page background/).fill("#ffeedd");
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview Site" }).click();
  const tab = await opened;
  await expect.poll(() => rootToken(tab, "--color-bg")).toBe("#ffeedd");
  // A page reached by a link in the tab wears the draft too.
  await tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(tab).toHaveURL(/\/about$/);
  await expect.poll(() => rootToken(tab, "--color-bg")).toBe("#ffeedd");
  // Nothing was saved: a visitor still sees the live theme.
  expect(await asVisitor(browser, (p) => rootToken(p, "--color-bg"))).toBe("#f6f5f3");
});

test("the editor says it is loading until the theme arrives", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  const held = await holdRequests(page, "**/api/css/current");
  await page.goto("/admin/css");
  await held.arrived;
  await expect(page.getByText("Loading CSS editor...")).toBeVisible();
  held.release();
  await expect(page.getByRole("heading", { name: "CSS Style Editor" })).toBeVisible();
  await expect(page.getByText("Loading CSS editor...")).toBeHidden();
});

test("each accent changes what a visitor sees on the home page's first screen", async ({ browser, admin }) => {
  // The hero's rule and kicker (warm, and its strong shade) and the first category badge's
  // background and words (cool, and its strong shade), as a visitor's browser computes them,
  // each checked to be within the first screen.
  const firstScreen = () =>
    asVisitor(browser, (page) =>
      page.evaluate(() => {
        const read = (selector: string, property: "borderBottomColor" | "backgroundColor" | "color") => {
          const node = document.querySelector(selector);
          if (!node || node.getBoundingClientRect().top >= window.innerHeight) return `${selector} not in view`;
          return getComputedStyle(node)[property];
        };
        const badge = ".badge:not(.badge--warm)";
        return {
          warm: [read(".hero", "borderBottomColor"), read(".hero__kicker", "color")],
          cool: [read(badge, "backgroundColor"), read(badge, "color")],
        };
      }),
    );
  const before = await firstScreen();
  expect([...before.warm, ...before.cool].filter((value) => value.endsWith("not in view"))).toEqual([]);
  for (const [accent, seen] of [
    ["--accent-warm", "warm"],
    ["--accent-cool", "cool"],
  ] as const) {
    const saved = await admin.post("/api/css/save", { data: { cssContent: `:root { ${accent}: #0000ff; }` } });
    expect(saved.status()).toBe(201);
    const after = await firstScreen();
    // Every colour made from the accent follows it; the other accent's stay as they were.
    after[seen].forEach((value, index) => {
      expect(value, `${accent}, colour ${index + 1}`).not.toBe(before[seen][index]);
    });
    expect(after[seen === "warm" ? "cool" : "warm"]).toEqual(before[seen === "warm" ? "cool" : "warm"]);
    await admin.post("/api/css/reset");
  }
});

test("the cool accent shows in the home page's first screen at 1280×900 whatever post is featured, as the warm one does", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  // Every colour of what the first screen shows but the featured post (a site may have
  // none, and its badge is the post's, not the page's), each with the words it holds.
  const colours = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((node) => {
          const box = node.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight && !node.closest("article");
        })
        .map((node) => {
          const style = getComputedStyle(node);
          const worn = [style.color, style.backgroundColor, style.borderBottomColor, style.textDecorationColor];
          return { words: node.textContent.trim(), worn: worn.join(" ") };
        }),
    );
  const before = await colours();
  // As the CSS editor's preview dresses the page in a draft: a constructed sheet over the theme.
  await page.evaluate(() => {
    const draft = new CSSStyleSheet();
    draft.replaceSync(":root { --accent-cool: #0000ff; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, draft];
  });
  const after = await colours();
  expect(after.map(({ words }) => words)).toEqual(before.map(({ words }) => words));
  const changed = after.filter(({ worn }, index) => worn !== before[index]?.worn).map(({ words }) => words);
  // The current page's underline in the header, and the chosen category's pill.
  expect(changed).toEqual(expect.arrayContaining(["Home", "All Posts"]));
  await context.close();
});

for (const width of [1280, 1024]) {
  test(`the preview at ${width} px is legible and shows only what visitors see, on home, a post and the archive`, async ({
    page,
    admin,
  }) => {
    await signInAs(admin, page.context());
    await page.setViewportSize({ width, height: 900 });
    await openEditor(page);
    const frame = page.locator('iframe[title^="Preview of the site"]');
    /** How wide the framed page is, and how large it is drawn. */
    const framed = () =>
      frame.evaluate((node) =>
        node instanceof HTMLElement ? [node.offsetWidth, node.getBoundingClientRect().width] : [],
      );
    const choice = page.getByLabel("Page to preview");
    // The editor's own header knows the owner (and keeps that for this tab's pages).
    await expect(page.locator("site-account").getByText(E2E_ADMIN.username).first()).toBeAttached();
    for (const pattern of [/^Home$/, /^A post: /, /^Archive$/]) {
      const option = choice.locator("option").filter({ hasText: pattern }).first();
      const [label, path] = await Promise.all([option.textContent(), option.getAttribute("value")]);
      await choice.selectOption({ label: label ?? "" });
      // The frame goes to the chosen page: what follows reads its new document, once loaded,
      // never the one it is leaving.
      const shown = await (await frame.elementHandle()).contentFrame();
      await shown?.waitForURL((url) => url.pathname === new URL(path ?? "/", url).pathname);
      await expect(preview(page).locator("main")).toBeVisible();
      // A desktop page, drawn no smaller than three quarters of its size.
      const [own = 0, drawn = 0] = await framed();
      expect(drawn / own).toBeGreaterThanOrEqual(0.75);
      expect(own).toBeGreaterThan(760);
      // The owner's own controls are not in it: the page is a visitor's. The account part of
      // the header decides in the turn after it starts, so by then any menu would be there.
      await previewFrame(page).evaluate(() =>
        customElements.whenDefined("site-account").then(() => new Promise((done) => setTimeout(done, 0))),
      );
      await expect(preview(page).locator("site-account").getByText(E2E_ADMIN.username)).toHaveCount(0);
      await expect(preview(page).locator(".designer-fab, [data-layout-editor] button")).toHaveCount(0);
    }
    // However far down the tokens the owner goes, Save stays in view.
    await page.getByLabel(/Large corner radius/).scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeInViewport();
  });
}
