import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./support";

// The dashboard's quick designer (SPEC §2 "Visual Designer dialog", §4 "Quick designer"),
// driven with the real mouse and keyboard.

const DISCARD_QUESTION = "You have unsaved changes. Discard them?";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Sign the browser in with the worker's admin session (sign-ins are throttled per client;
 * the first test signs in through the form), open the dashboard and the designer.
 */
async function openDesigner(page: Page, admin: APIRequestContext): Promise<Locator> {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto("/admin");
  return openFromDashboard(page);
}

async function openFromDashboard(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Quick Designer" }).click();
  const dialog = page.getByRole("dialog", { name: "Visual Designer" });
  await expect(dialog.getByRole("tab", { name: "Design" })).toHaveAttribute("aria-selected", "true");
  return dialog;
}

const element = (dialog: Locator, id: string) => dialog.locator(`[data-element-id="${id}"]`);
const elements = (dialog: Locator) => dialog.locator("[data-element-id]");

async function add(dialog: Locator, label: "Text" | "Box" | "Button" | "Image"): Promise<void> {
  await dialog.getByRole("button", { name: label, exact: true }).click();
}

/** An element's box on the canvas, in pixels from the canvas's top left corner. */
async function boxOf(dialog: Locator, id: string): Promise<Box> {
  const [box, canvas] = await Promise.all([
    element(dialog, id).boundingBox(),
    dialog.locator(".quick-designer__canvas").boundingBox(),
  ]);
  if (!box || !canvas) throw new Error(`${id} is not on the canvas`);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { x: round(box.x - canvas.x), y: round(box.y - canvas.y), width: round(box.width), height: round(box.height) };
}

/** Press the mouse on the element, move it by dx, dy in `steps` moves, and let go. */
async function drag(page: Page, dialog: Locator, id: string, dx: number, dy: number, steps = 8): Promise<void> {
  const box = await element(dialog, id).boundingBox();
  if (!box) throw new Error(`${id} is not on the canvas`);
  const start = { x: box.x + 10, y: box.y + 10 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps });
  await page.mouse.up();
}

/** The canvas element's computed value of a CSS property. */
const computed = (target: Locator, property: string) =>
  target.evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);

test.describe("the quick designer", () => {
  const problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems.length = 0;
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    page.on("requestfailed", (request) => {
      // Leaving a page cancels what it was still loading: not a failure.
      if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${request.url()}`);
    });
  });
  test.afterEach(() => {
    expect(problems).toEqual([]);
  });

  test("opens from the dashboard, its code loaded only on the first click", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await signIn(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("link", { name: "Full Screen Designer" })).toHaveAttribute("href", "/admin/designer");
    expect(scripts.filter((url) => url.includes("mount-quick-designer"))).toEqual([]);

    const dialog = await openFromDashboard(page);
    expect(scripts.filter((url) => url.includes("mount-quick-designer"))).toHaveLength(1);
    await expect(dialog.getByRole("heading", { name: "Visual Designer" })).toBeVisible();
    // SPEC §4: the grid is on and the code closed at first; nothing is selected.
    await expect(dialog.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByRole("button", { name: "Code" })).toHaveAttribute("aria-expanded", "false");
    await expect(dialog.getByRole("heading", { name: "Generated code" })).toBeHidden();
    await expect(dialog.getByText("Select an element on the canvas to change it, or add one.")).toBeVisible();

    // Nothing designed yet: the close button closes without asking.
    page.on("dialog", (question) => {
      problems.push(`asked: ${question.message()}`);
      void question.dismiss();
    });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("adds each element with the designer's defaults, drags and snaps, and undoes a drag in one step", async ({
    page,
    admin,
  }) => {
    const dialog = await openDesigner(page, admin);
    for (const label of ["Text", "Box", "Button", "Image"] as const) await add(dialog, label);
    await expect(elements(dialog)).toHaveCount(4);
    // SPEC §9: each new element at 100,100 with its own size, the latest selected.
    await expect.poll(() => boxOf(dialog, "element-1")).toEqual({ x: 100, y: 100, width: 200, height: 40 });
    await expect.poll(() => boxOf(dialog, "element-2")).toEqual({ x: 100, y: 100, width: 200, height: 150 });
    await expect.poll(() => boxOf(dialog, "element-3")).toEqual({ x: 100, y: 100, width: 120, height: 40 });
    await expect.poll(() => boxOf(dialog, "element-4")).toEqual({ x: 100, y: 100, width: 200, height: 150 });
    await expect(element(dialog, "element-4")).toHaveAttribute("aria-pressed", "true");
    await expect(element(dialog, "element-1")).toHaveText("Sample Text");
    await expect(element(dialog, "element-3")).toHaveText("Button");
    await expect(element(dialog, "element-4").locator("img")).toHaveAttribute("src", "/images/placeholder.svg");
    await expect(dialog.locator(".quick-designer__canvas")).toHaveClass(/quick-designer__canvas--grid/);

    // The image lies on top: dragged 47, 33 with the grid on, it lands on the grid at 140, 140.
    await drag(page, dialog, "element-4", 47, 33, 12);
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 140, y: 140 });
    // Dragged past the corner, it stops at 0, 0.
    await drag(page, dialog, "element-4", -300, -300);
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 0, y: 0 });

    // One drag of many moves is one undo step, and the redo brings it all back.
    await dialog.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 140, y: 140 });
    await dialog.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 0, y: 0 });
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 140, y: 140 });
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 0, y: 0 });

    // With the grid off, the element goes exactly where the mouse takes it.
    await dialog.getByRole("button", { name: "Grid" }).click();
    await expect(dialog.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "false");
    await expect(dialog.locator(".quick-designer__canvas")).not.toHaveClass(/quick-designer__canvas--grid/);
    await drag(page, dialog, "element-4", 47, 33);
    await expect.poll(() => boxOf(dialog, "element-4")).toMatchObject({ x: 47, y: 33 });

    // A click on the empty canvas chooses nothing.
    await dialog.getByRole("region", { name: "Canvas" }).click({ position: { x: 600, y: 400 } });
    await expect(dialog.locator('[data-element-id][aria-pressed="true"]')).toHaveCount(0);
    await expect(dialog.getByText("Select an element on the canvas to change it, or add one.")).toBeVisible();
  });

  test("changes the selected element through its properties, refusing a style with the reason", async ({
    page,
    admin,
  }) => {
    const dialog = await openDesigner(page, admin);
    await add(dialog, "Text");
    const text = element(dialog, "element-1");
    await dialog.getByLabel("Content").fill("Hardly worth it");
    await expect(text).toHaveText("Hardly worth it");
    await dialog.getByLabel("Width").fill("240");
    await dialog.getByLabel("Height").fill("60");
    await expect.poll(() => boxOf(dialog, "element-1")).toMatchObject({ width: 240, height: 60 });
    await dialog.getByLabel("Background").fill("#ff0000");
    await expect.poll(() => computed(text, "background-color")).toBe("rgb(255, 0, 0)");
    await dialog.getByLabel("Text Color").fill("rgb(0, 0, 255)");
    await expect.poll(() => computed(text, "color")).toBe("rgb(0, 0, 255)");
    await dialog.getByLabel("Font Size").fill("22px");
    await expect.poll(() => computed(text, "font-size")).toBe("22px");
    await dialog.getByLabel("Border Radius").fill("12px");
    await expect.poll(() => computed(text, "border-top-left-radius")).toBe("12px");

    // A value the grammar refuses says why, under the field, and changes nothing.
    const background = dialog.getByLabel("Background");
    await background.fill("red; position: fixed");
    await expect(background).toHaveAttribute("aria-invalid", "true");
    await expect(background).toHaveAccessibleDescription("Must not end the declaration or the rule");
    await expect(dialog.getByText("Must not end the declaration or the rule")).toHaveCSS("color", "rgb(155, 59, 50)");
    expect(await computed(text, "background-color")).toBe("rgb(255, 0, 0)");
    await background.fill("#00ff00");
    await expect(background).not.toHaveAttribute("aria-invalid", "true");
    await expect.poll(() => computed(text, "background-color")).toBe("rgb(0, 255, 0)");

    // A width that is not a number is 0 (SPEC §5).
    await dialog.getByLabel("Width").fill("");
    await expect.poll(() => text.evaluate((node) => node.style.width)).toBe("0px");

    // An image's content is its address; back to empty, it shows the placeholder again.
    await add(dialog, "Image");
    const image = element(dialog, "element-2").locator("img");
    await dialog.getByLabel("Content").fill("/images/placeholder.svg?v=2");
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg?v=2");
    await dialog.getByLabel("Content").fill("");
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg");
    // Pages load images from the site alone: another site's shows as the placeholder, and the code keeps it.
    await dialog.getByLabel("Content").fill("https://images.example/a.png");
    await dialog.getByRole("button", { name: "Code" }).click();
    await expect(dialog.locator('pre[data-code="html"]')).toContainText('src="https://images.example/a.png"');
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg");

    // Undo takes an edit back, and the fields follow.
    await dialog.getByLabel("Height").fill("120");
    await expect.poll(() => boxOf(dialog, "element-2")).toMatchObject({ height: 120 });
    await dialog.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => boxOf(dialog, "element-2")).toMatchObject({ height: 150 });
    await expect(dialog.getByLabel("Height")).toHaveValue("150");
  });

  test("copies, deletes and clears, from the buttons and the keyboard", async ({ page, admin }) => {
    const dialog = await openDesigner(page, admin);
    await add(dialog, "Box");
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(elements(dialog)).toHaveCount(2);
    await expect.poll(() => boxOf(dialog, "element-2")).toMatchObject({ x: 120, y: 120 });
    await expect(element(dialog, "element-2")).toHaveAttribute("aria-pressed", "true");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(elements(dialog)).toHaveCount(1);
    await expect(element(dialog, "element-2")).toHaveCount(0);

    // Each element is reached with Tab, which selects it; the arrows nudge it, 10 px with Shift.
    await dialog.getByRole("region", { name: "Canvas" }).focus();
    await page.keyboard.press("Tab");
    const box = element(dialog, "element-1");
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => boxOf(dialog, "element-1")).toMatchObject({ x: 101, y: 100 });
    await page.keyboard.press("Shift+ArrowDown");
    await expect.poll(() => boxOf(dialog, "element-1")).toMatchObject({ x: 101, y: 110 });

    // Backspace in a field is the field's: the element stays.
    const content = dialog.getByLabel("Content");
    await content.fill("ab");
    await content.press("Backspace");
    await expect(content).toHaveValue("a");
    await expect(elements(dialog)).toHaveCount(1);
    // On the element, Delete removes it, and the focus stays in the designer.
    await box.focus();
    await page.keyboard.press("Delete");
    await expect(elements(dialog)).toHaveCount(0);
    await expect(dialog.getByRole("region", { name: "Canvas" })).toBeFocused();
    await page.keyboard.press("ControlOrMeta+z");
    await expect(elements(dialog)).toHaveCount(1);

    await add(dialog, "Text");
    await dialog.getByRole("button", { name: "Clear All" }).click();
    await expect(elements(dialog)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Undo" }).click();
    await expect(elements(dialog)).toHaveCount(2);
  });

  test("the Inspect tab lists the selected element's facts and every element", async ({ page, admin }) => {
    const dialog = await openDesigner(page, admin);
    const inspect = dialog.getByRole("tab", { name: "Inspect" });
    await inspect.click();
    const panel = dialog.getByRole("tabpanel", { name: "Inspect" });
    await expect(panel).toContainText("No element is selected.");
    await add(dialog, "Text");
    await add(dialog, "Button");
    await expect(panel.getByRole("definition")).toContainText(["element-2", "button", "100", "100", "120", "40"]);
    await expect(panel).toContainText("backgroundColor: #5a67d8");
    await panel.getByRole("button", { name: "Text element-1" }).click();
    await expect(element(dialog, "element-1")).toHaveAttribute("aria-pressed", "true");
    await expect(panel.getByRole("definition").first()).toHaveText("element-1");
    // The arrows move between the tabs.
    await inspect.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByRole("tab", { name: "Design" })).toBeFocused();
    await expect(dialog.getByRole("tabpanel", { name: "Design" })).toBeVisible();
    await expect.poll(() => boxOf(dialog, "element-1")).toMatchObject({ x: 100, y: 100 });
  });

  test("the Code view says where each element is, as the canvas shows it, and Copy All copies it", async ({
    page,
    admin,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const dialog = await openDesigner(page, admin);
    const ids = ["element-1", "element-2", "element-3", "element-4"];
    for (const label of ["Text", "Box", "Button", "Image"] as const) await add(dialog, label);
    // Spread them, the topmost first.
    await drag(page, dialog, "element-4", 300, 200);
    await drag(page, dialog, "element-3", -60, 220);
    await drag(page, dialog, "element-2", 260, -80);
    await dialog.getByRole("button", { name: "Code" }).click();
    const css = dialog.locator('pre[data-code="css"]');
    const html = dialog.locator('pre[data-code="html"]');
    await expect(html).toContainText('<img class="layout-element-4" src="/images/placeholder.svg" alt="">');

    const stylesheet = (await css.textContent()) ?? "";
    for (const id of ids) {
      const rule = new RegExp(`\\.layout-${id} \\{([^}]*)\\}`).exec(stylesheet)?.[1] ?? "";
      const px = (property: string) => Number(new RegExp(`\\n  ${property}: (\\d+)px;`).exec(rule)?.[1]);
      const box = await boxOf(dialog, id);
      expect({ x: px("left"), y: px("top"), width: px("width"), height: px("height") }, id).toEqual(box);
    }

    await dialog.getByRole("button", { name: "Copy All" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${(await html.textContent()) ?? ""}\n${stylesheet}`);

    // A clipboard that refuses is said so.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error("refused"));
    });
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await dialog.getByRole("button", { name: "Copy All" }).click();
    await expect(page.getByRole("alert")).toContainText("The clipboard refused the code");
  });

  test("Esc asks before a design not yet saved is lost; Save Design logs it and closes", async ({ page, admin }) => {
    const dialog = await openDesigner(page, admin);
    await add(dialog, "Button");
    const questions: string[] = [];
    page.once("dialog", (question) => {
      questions.push(question.message());
      void question.dismiss();
    });
    await page.keyboard.press("Escape");
    await expect.poll(() => questions).toEqual([DISCARD_QUESTION]);
    await expect(dialog).toBeVisible();
    await expect(elements(dialog)).toHaveCount(1);

    page.once("dialog", (question) => {
      questions.push(question.message());
      void question.accept();
    });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(questions).toEqual([DISCARD_QUESTION, DISCARD_QUESTION]);

    // Opened again, it starts afresh; saved, it is logged, and closes without asking.
    await openFromDashboard(page);
    await expect(elements(dialog)).toHaveCount(0);
    await add(dialog, "Text");
    await dialog.getByRole("button", { name: "Code" }).click();
    const logged = page.waitForEvent("console", (message) => message.type() === "info");
    await dialog.getByRole("button", { name: "Save Design" }).click();
    expect((await logged).text()).toContain("Quick designer output");
    await expect(dialog).toBeHidden();
    expect(questions).toHaveLength(2);
  });

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`has no serious or critical accessibility violation, ${label}`, async ({ page, admin }) => {
      // Each of the three checks reads the whole page.
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.context().addCookies((await admin.storageState()).cookies);
      await page.goto("/admin");
      expect(await seriousViolations(page), "dashboard").toEqual([]);
      const dialog = await openFromDashboard(page);
      for (const name of ["Text", "Box", "Button", "Image"] as const) await add(dialog, name);
      await dialog.getByLabel("Background").fill("red;");
      await dialog.getByRole("button", { name: "Code" }).click();
      // Each check reads the panel once it shows, not the one it replaces.
      const inspect = dialog.getByRole("tab", { name: "Inspect" });
      await expect(inspect).toBeVisible();
      expect(await seriousViolations(page), "design").toEqual([]);
      await inspect.click();
      await expect(inspect).toHaveAttribute("aria-selected", "true");
      expect(await seriousViolations(page), "inspect").toEqual([]);
      // Nothing spills out of the window sideways.
      const body = dialog.locator(".quick-designer-dialog__body");
      expect(await body.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    });
  }
});
