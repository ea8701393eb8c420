import type { Page } from "@playwright/test";
import { DEFAULT_STYLES } from "../../src/modules/page-layouts/defaults";
import type { LayoutJson } from "../../src/modules/page-layouts/layout-json";
import { dismiss, setLayout, signIn, signInAs, uploadOnly } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { differingShare, hydrated, seriousViolations } from "./support";

// The full-screen designer (SPEC §2 /admin/designer, §4) with a real mouse and keyboard. The
// canvas is read through the document it draws (the properties panel, the layers, the live
// region), never by its pixels. Every test here works on the home page's one layout, so
// they run in order.
test.describe.configure({ mode: "serial" });

async function openDesigner(page: Page): Promise<void> {
  await page.goto("/admin/designer");
  await hydrated(page, "LayoutDesigner");
  await expect(page.getByRole("heading", { name: "Layout designer" })).toBeVisible();
}

const canvas = (page: Page) => page.getByRole("application", { name: /Layout canvas/ });
const properties = (page: Page) => page.getByRole("region", { name: "Properties" });
const field = (page: Page, label: string) => properties(page).getByLabel(label, { exact: true });
const layers = (page: Page) => page.getByRole("region", { name: "Layers" }).getByRole("button");
const saveStatus = (page: Page) => page.locator(".designer-bar__meta [role=status]");

const FIELD_LABELS = { x: "X", y: "Y", width: "Width", height: "Height" } as const;

/** Where the element stands, as the properties panel shows it. */
async function expectPlace(page: Page, place: Partial<Record<keyof typeof FIELD_LABELS, number>>) {
  for (const [name, value] of Object.entries(place)) {
    await expect(field(page, FIELD_LABELS[name as keyof typeof FIELD_LABELS])).toHaveValue(String(value));
  }
}

/** A point on the canvas, in pixels on screen (design pixels at 100%), as a point of the page. */
async function onCanvas(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(".designer-canvas .konvajs-content").boundingBox();
  if (!box) throw new Error("the canvas is not on screen");
  return { x: box.x + x, y: box.y + y };
}

/** Press the mouse at one canvas point, move it in steps to another, and let go. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  // A field filled in the panel may have scrolled the canvas's top out of the window.
  await canvas(page).evaluate((area) => {
    area.scrollIntoView({ block: "center" });
  });
  const start = await onCanvas(page, ...from);
  const end = await onCanvas(page, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/** Console errors, uncaught errors and failed requests from now on, one line each. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** The band's width: the designer's canvas, and the page's content column on a wide screen. */
const DESIGN_WIDTH = 1200;
/** The versions one page of history holds (`VERSIONS_LISTED`). */
const PAGE = 20;

const box = (id: string, x: number, y: number) => ({
  id,
  type: "box",
  x,
  y,
  width: 200,
  height: 150,
  content: "",
  styles: { backgroundColor: "#667eea" },
});

test.describe("on a window wide enough for the whole canvas at 100 %", () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test("adds every kind of element, drags, snaps, resizes, nudges and undoes by mouse and keyboard", async ({
    page,
    admin,
  }) => {
    // An empty layout: no other element's edges for the drags below to line up with.
    await setLayout(admin, []);
    await signIn(page);
    await openDesigner(page);
    const before = await layers(page).count();

    // The designer is the whole window: no site header, navigation or footer around it.
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // Fitted to the window on open: here the whole canvas fits at its own size.
    await expect(page.getByLabel("Zoom")).toHaveValue("fit");
    await expect(page.getByRole("option", { name: "Fit width (100%)" })).toBeAttached();

    // The palette: the first element at 100,100, each next one beside the others rather than on
    // them, selected, at the designer's size (SPEC §9). A text's or a button's line and padding
    // need 46 px, so the 40 px box is drawn 46 tall, and its height says so.
    for (const [kind, x, width, height] of [
      ["Text", 100, 200, 46],
      ["Image", 320, 200, 150],
      ["Button", 540, 120, 46],
      ["Box", 680, 200, 150],
      ["Container", 900, 300, 200],
    ] as const) {
      await page.getByRole("button", { name: `Add ${kind}` }).click();
      await expect(properties(page).locator(".designer-properties__subject")).toHaveText(new RegExp(`^${kind}`));
      await expectPlace(page, { x, y: 100, width, height });
      // An image starts empty and shows the placeholder.
      if (kind === "Image") await expect(field(page, "Image URL")).toHaveValue("");
    }
    await expect(layers(page)).toHaveCount(before + 5);
    await expect(page.getByRole("status").filter({ hasText: "Container selected at x 900, y 100" })).toBeAttached();

    // A drag with the grid on lands on the 20 px grid: the container is caught 50 px into its corner.
    await expect(page.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    await drag(page, [950, 150], [287, 211]);
    await expectPlace(page, { x: 240, y: 160 });

    // Dragged past the canvas's top left corner, it stops at 0,0.
    await drag(page, [250, 170], [-10, -10]);
    await expectPlace(page, { x: 0, y: 0 });

    // The bottom right handle resizes it; the size is the document's, not a stretch.
    await drag(page, [300, 200], [357, 223]);
    await expectPlace(page, { x: 0, y: 0, width: 357, height: 223 });

    // A whole drag is one undo step.
    await drag(page, [150, 150], [370, 330]);
    await expect(field(page, "X")).not.toHaveValue("0");
    await page.keyboard.press("ControlOrMeta+z");
    await expectPlace(page, { x: 0, y: 0, width: 357, height: 223 });

    // Arrows nudge 1 px, with Shift 10 px, and a burst of them is one undo step.
    await canvas(page).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await expectPlace(page, { x: 3, y: 10 });
    await expect(
      page.getByRole("status").filter({ hasText: "Container selected at x 3, y 10, 357 by 223 pixels." }),
    ).toBeAttached();
    await page.keyboard.press("ControlOrMeta+z");
    await expectPlace(page, { x: 0, y: 0 });
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expectPlace(page, { x: 3, y: 10 });
    await page.keyboard.press("ControlOrMeta+z");

    // Delete removes the selected element; undo brings it back.
    await page.keyboard.press("Delete");
    await expect(layers(page)).toHaveCount(before + 4);
    await expect(properties(page)).toContainText("Select an element");
    await page.keyboard.press("ControlOrMeta+z");
    await expect(layers(page)).toHaveCount(before + 5);

    // With the grid off, a drag keeps the pixel the pointer chose.
    await page.getByRole("button", { name: "Grid" }).click();
    await expect(page.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "false");
    await layers(page).last().click();
    await drag(page, [200, 150], [213, 197]);
    await expectPlace(page, { x: 13, y: 47 });

    // Preview: no handles, no selection, no properties; nothing moves.
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(properties(page)).toHaveCount(0);
    await drag(page, [200, 150], [400, 300]);
    await page.getByRole("button", { name: "Design" }).click();
    await layers(page).last().click();
    await expectPlace(page, { x: 13, y: 47 });

    // Close asks before unsaved work is lost.
    page.once("dialog", (question) => void question.dismiss());
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/admin\/designer$/);
    page.once("dialog", (question) => void question.accept());
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

/**
 * The height the canvas draws the element `id` at, once its Height field and its Layers row
 * give the same number; a mismatch fails with all three.
 */
async function agreedHeight(page: Page, id: string): Promise<number> {
  const drawn = page.locator(`.designer-canvas__page [data-element-id="${id}"]`);
  let height = 0;
  await expect
    .poll(async () => {
      height = await drawn.evaluate((node: HTMLElement) => node.offsetHeight);
      const shown = await field(page, "Height").inputValue();
      const row = await page.getByRole("region", { name: "Layers" }).getByRole("button", { pressed: true }).innerText();
      return shown === String(height) && row.endsWith(`×${height}`)
        ? "agree"
        : `Height field ${shown}, Layers row "${row}", drawn ${height}`;
    })
    .toBe("agree");
  return height;
}

test("the Height field and the Layers row give the height the canvas draws, words that grew the box included", async ({
  page,
  admin,
}) => {
  await setLayout(admin, [
    {
      id: "element-1",
      type: "text",
      x: 40,
      y: 60,
      width: 200,
      height: 40,
      content: "Hello, visitor. Nothing much here, and that is the whole point of it.",
      styles: DEFAULT_STYLES.text,
    },
  ]);
  await signInAs(admin, page.context());
  await openDesigner(page);
  await layers(page).first().click();
  // Four lines in a box 200 px wide: the words grow it past its stored 40 px.
  const grown = await agreedHeight(page, "element-1");
  expect(grown).toBeGreaterThan(40);
  // The field says why it shows more than the 40 px the box was given.
  await expect(field(page, "Height")).toHaveAccessibleDescription(
    `Set to 40; its words need ${String(grown)}, so it is drawn that tall.`,
  );

  // Wider, the same words need fewer lines, and the box shrinks back to what they need.
  await field(page, "Width").fill("600");
  await field(page, "Width").blur();
  const wide = await agreedHeight(page, "element-1");
  expect(wide).toBeLessThan(grown);

  // A height taller than the words is the box's, drawn and shown alike.
  await field(page, "Height").fill("240");
  await field(page, "Height").blur();
  expect(await agreedHeight(page, "element-1")).toBe(240);
  await expect(field(page, "Height")).toHaveAccessibleDescription("");
  await page.getByRole("button", { name: "Undo" }).click();
  expect(await agreedHeight(page, "element-1")).toBe(wide);
});

test("the properties panel edits by keyboard and refuses a style with its reason", async ({ page, admin }) => {
  await setLayout(admin, [box("element-1", 40, 60)]);
  await signInAs(admin, page.context());
  await openDesigner(page);
  await layers(page).first().focus();
  await page.keyboard.press("Enter");
  await expectPlace(page, { x: 40, y: 60, width: 200, height: 150 });

  await field(page, "Width").fill("260");
  await expect(layers(page).first()).toContainText("260×150");

  const background = field(page, "Background colour");
  await background.fill("red; background: url(x)");
  await expect(properties(page).getByText("Must not load a URL")).toBeVisible();
  await expect(background).toHaveAttribute("aria-invalid", "true");
  await background.fill("#123456");
  await expect(properties(page).getByText("Must not load a URL")).toHaveCount(0);

  // At half size the canvas shows its whole width; a drag still moves in design pixels.
  await page.getByLabel("Zoom").selectOption("50%");
  await drag(page, [40, 50], [90, 80]);
  await expectPlace(page, { x: 140, y: 120 });
  await page.getByLabel("Zoom").selectOption("100%");
  await page.getByRole("button", { name: "Undo" }).click();
  await expectPlace(page, { x: 40, y: 60 });

  await properties(page).getByRole("button", { name: "Duplicate" }).click();
  await expect(layers(page)).toHaveCount(2);
  await expectPlace(page, { x: 60, y: 80 });

  // In a field, Backspace and the arrows edit the field, never the selection.
  await field(page, "X").focus();
  await page.keyboard.press("End");
  await page.keyboard.press("Backspace");
  await expect(layers(page)).toHaveCount(2);
  await expectPlace(page, { x: 6, y: 80 });
  await page.keyboard.press("ArrowLeft");
  await expect(layers(page).last()).toContainText("6, 80");
});

test("a button gets a destination, never a script or the API, and nothing grows past the band", async ({
  page,
  admin,
}) => {
  await setLayout(admin, [
    { id: "element-1", type: "button", x: 40, y: 60, width: 160, height: 40, content: "Read on", styles: {} },
  ]);
  await signInAs(admin, page.context());
  await openDesigner(page);
  await layers(page).first().focus();
  await page.keyboard.press("Enter");

  const destination = field(page, "Links to");
  await expect(properties(page).getByText("Goes nowhere yet")).toBeVisible();
  await destination.fill("javascript:alert(1)");
  await expect(properties(page).getByText("Must be an http(s) URL or a path on this site")).toBeVisible();
  await expect(destination).toHaveAttribute("aria-invalid", "true");
  await destination.fill("/api/objects/upload-url");
  await expect(properties(page).getByText("Must not be an address of the site's API")).toBeVisible();
  await destination.fill("/archive");
  await expect(destination).not.toHaveAttribute("aria-invalid");

  // As wide as a visitor's page at most, its right edge at the page's.
  await field(page, "Width").fill("4000");
  await field(page, "Width").blur();
  await expectPlace(page, { x: 0, width: DESIGN_WIDTH });
  await field(page, "Font size").fill("9999px");
  await field(page, "Font size").blur();
  await expect(field(page, "Font size")).toHaveValue("160px");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "Layout Saved");
  const saved = (await (await admin.get("/api/layouts/home")).json()) as LayoutJson;
  expect(saved.elements[0]).toMatchObject({
    href: "/archive",
    x: 0,
    width: DESIGN_WIDTH,
    styles: { fontSize: "160px" },
  });
});

test("an image is uploaded and described in the properties panel, and not saved without its words", async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000);
  await setLayout(admin, []);
  await signInAs(admin, page.context());
  await openDesigner(page);
  await page.getByRole("button", { name: "Add Image" }).click();
  const alt = field(page, "Alt text");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(alt).toHaveAccessibleDescription("Describe the image, or mark it decorative");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const refused = page.getByRole("alert").filter({ hasText: "Not Saved" });
  await expect(refused).toContainText("Image (alt text): Describe the image, or mark it decorative.");
  await refused.getByRole("button", { name: "Dismiss notification" }).click();
  const stored = async () => ((await (await admin.get("/api/layouts/home")).json()) as LayoutJson).elements;
  expect(await stored()).toEqual([]);

  // Through the site's one upload path: on this server, straight to the bucket.
  await uploadOnly(page, "Upload image", "content/media/posts/a-field-guide-to-puddles-1.jpg");
  await dismiss(page, "Image Uploaded");
  await expect(field(page, "Image URL")).toHaveValue(/^\/uploads\/images\/[a-z0-9]+\.jpg$/);
  await alt.fill("A puddle holding a grey sky");
  await expect(alt).not.toHaveAttribute("aria-invalid");
  const drawn = page.locator(".designer-canvas__page img");
  await expect(drawn).toHaveAttribute("alt", "A puddle holding a grey sky");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "Layout Saved");
  expect(await stored()).toEqual([expect.objectContaining({ type: "image", alt: "A puddle holding a grey sky" })]);

  // Marked decorative, it has no words: the field is off and the image is drawn with an empty alt.
  await properties(page).getByRole("checkbox", { name: "Decorative only (no alt text)" }).check();
  await expect(alt).toBeDisabled();
  await expect(drawn).toHaveAttribute("alt", "");
});

test.describe("the canvas is the page", () => {
  // Wide enough for the canvas at its own size beside the panels.
  test.use({ viewport: { width: 1600, height: 1000 } });

  test("what the designer draws at 100 % is, pixel for pixel, what a visitor sees at 1280 px", async ({
    page,
    admin,
    browser,
  }) => {
    const sentence = "Hello, visitor. Nothing much here, and that is the whole point of it.";
    await setLayout(admin, [
      {
        id: "element-1",
        type: "text",
        x: 0,
        y: 0,
        width: 200,
        height: 40,
        content: sentence,
        styles: { fontSize: "16px", color: "#333333", padding: "10px" },
      },
      {
        id: "element-2",
        type: "button",
        x: 0,
        y: 140,
        width: 120,
        height: 40,
        content: "Browse the archive",
        href: "/archive",
        styles: DEFAULT_STYLES.button,
      },
      {
        id: "element-3",
        type: "image",
        x: 240,
        y: 0,
        width: 200,
        height: 150,
        content: "/images/placeholder.svg",
        decorative: true,
        styles: { borderRadius: "8px", objectFit: "cover" },
      },
    ]);
    await signInAs(admin, page.context());
    await openDesigner(page);
    await page.getByLabel("Zoom").selectOption("1");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await dismiss(page, "Published");
    // Preview draws what visitors see: no grid, no handles.
    await page.getByRole("button", { name: "Preview" }).click();

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const home = await visitor.newPage();
    await home.goto("/");
    const band = home.locator(".designed-layout__canvas");
    await expect(band.getByText(sentence)).toBeVisible();
    // The text grew its box rather than cut its words off, on the page and on the canvas alike.
    const grown = await band.getByText(sentence).evaluate((node) => [node.scrollHeight, node.clientHeight]);
    expect(grown[0]).toBeLessThanOrEqual((grown[1] ?? 0) + 1);
    await band.scrollIntoViewIfNeeded();
    const shown = await band.boundingBox();
    if (!shown) throw new Error("the band is not on screen");
    expect(shown.width).toBe(DESIGN_WIDTH);
    const published = await home.screenshot({ clip: shown, animations: "disabled" });

    const drawn = page.locator(".designer-canvas__page");
    await drawn.scrollIntoViewIfNeeded();
    const origin = await drawn.boundingBox();
    if (!origin) throw new Error("the canvas is not on screen");
    const designed = await page.screenshot({
      clip: { x: origin.x, y: origin.y, width: shown.width, height: shown.height },
      animations: "disabled",
    });
    // The same renderer on both sides: any difference beyond font smoothing (a channel off by
    // more than 24 of 255) on more than 0.5 % of the band's pixels fails.
    expect(await differingShare(home, published, designed)).toBeLessThanOrEqual(0.005);
    await visitor.close();

    // At both widths, as a visitor: nothing cut off, nothing sideways, a link that goes, nothing serious for axe.
    for (const width of [1280, 390]) {
      const reader = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await reader.newPage();
      await page.goto("/");
      const design = page.getByRole("region", { name: "Featured design" });
      await expect(design.getByText(sentence)).toBeVisible();
      const clipped = await design
        .locator(".designed-layout__canvas > *")
        .evaluateAll((nodes) => nodes.filter((node) => node.scrollHeight > node.clientHeight + 1).length);
      expect(clipped).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page, ".designed-layout")).toEqual([]);
      await design.getByRole("link", { name: "Browse the archive" }).click();
      await expect(page).toHaveURL(/\/archive$/);
      await reader.close();
    }
  });
});

test("opens fitted to a 1024 px window, its whole width in view, and zooms", async ({ page, admin }) => {
  await setLayout(admin, [box("element-1", 1000, 40)]);
  await signInAs(admin, page.context());
  await page.setViewportSize({ width: 1024, height: 768 });
  await openDesigner(page);
  const area = page.locator(".designer-canvas");
  const frame = page.locator(".designer-canvas__frame");
  const fits = () =>
    area.evaluate((node) => {
      const drawn = node.querySelector(".designer-canvas__frame");
      return drawn instanceof HTMLElement ? [drawn.offsetWidth, node.clientWidth] : [];
    });
  await expect
    .poll(async () => {
      const [drawn = Infinity, room = 0] = await fits();
      return drawn <= room;
    })
    .toBe(true);
  // The box at the far right is on screen without scrolling sideways.
  await expect(area).toHaveJSProperty("scrollLeft", 0);
  await expect(page.locator(".designer-canvas__page .designed-layout__block")).toBeInViewport();
  await page.getByLabel("Zoom").selectOption("1");
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(DESIGN_WIDTH);
  await page.getByLabel("Zoom").selectOption("fit");
  await expect.poll(async () => (await frame.boundingBox())?.width ?? Infinity).toBeLessThan(DESIGN_WIDTH);
});

test("saves, lists versions newest first and restores an earlier one", async ({ page, admin }) => {
  await setLayout(admin, []);
  await signInAs(admin, page.context());
  const problems = problemsOf(page);
  await openDesigner(page);

  await page.getByRole("button", { name: "Add Text" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "Layout Saved");
  await expect(saveStatus(page)).toHaveText("Saved");

  await field(page, "X").fill("300");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "Layout Saved");

  await page.getByRole("button", { name: "Versions" }).click();
  const versions = page.getByRole("region", { name: "Versions" }).getByRole("listitem");
  await expect(versions.first()).toContainText("Manual save");
  const numbers = await versions.locator(".designer-versions__number").allTextContents();
  const asNumbers = numbers.map((text) => Number(text.replace(/\D/g, "")));
  expect(asNumbers).toEqual(asNumbers.toSorted((a, b) => b - a));

  // The version before the last save had the text at 100.
  const earlier = asNumbers[1];
  await page.getByRole("button", { name: `Restore version ${earlier}` }).click();
  // The restore is the newest version now, and holds the focus, so the next key acts from there.
  const restored = (asNumbers[0] ?? 0) + 1;
  await expect(versions.first()).toHaveAccessibleName(`Version ${restored}`);
  await expect(versions.first()).toBeFocused();
  await dismiss(page, "Version Restored");
  await expect(layers(page).first()).toContainText("100, 100");
  await expect(saveStatus(page)).toHaveText("Saved");
  // Each version is drawn small: its text is in its thumbnail.
  await expect(versions.first().locator(".layout-thumbnail")).toContainText("Sample Text");

  // Restore and publish: one press, and visitors see it.
  await page.getByRole("button", { name: `Restore and publish version ${asNumbers[0]}` }).click();
  await expect(versions.first()).toHaveAccessibleName(`Version ${restored + 1}, live`);
  await expect(versions.first()).toBeFocused();
  await dismiss(page, "Published");
  await expect(layers(page).first()).toContainText("300, 100");
  await expect(page.getByText(`Visitors see version ${restored + 1}, the one you are editing.`)).toBeVisible();
  expect(problems).toEqual([]);
});

test("shows older versions a page at a time, down to version 1", async ({ page, admin }) => {
  const layout = await setLayout(admin, [box("element-1", 40, 60)]);
  const totalOf = async (): Promise<number> =>
    Number((await admin.get(`/api/layouts/${layout.id}/versions`)).headers()["x-total-count"]);
  // At least one more version than a page holds, so the oldest is past the first page.
  for (let total = await totalOf(); total <= PAGE; total += 1) {
    await setLayout(admin, [box("element-1", 41 + (total % 20), 60)]);
  }
  // A server that has run this before holds more: count the pages from what it says.
  const pages = Math.ceil((await totalOf()) / PAGE);
  await signInAs(admin, page.context());
  const problems = problemsOf(page);
  await openDesigner(page);

  await page.getByRole("button", { name: "Versions" }).click();
  const panel = page.getByRole("region", { name: "Versions" });
  const versions = panel.getByRole("listitem");
  await expect(versions).toHaveCount(PAGE);
  await expect(panel.getByText("Version 1", { exact: true })).toHaveCount(0);

  for (let shown = 1; shown < pages; shown += 1) {
    await panel.getByRole("button", { name: "Show older versions" }).click();
    await expect(versions.nth(shown * PAGE)).toBeVisible();
  }
  await expect(panel.getByText("Version 1", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Show older versions" })).toHaveCount(0);
  // The button is gone, so the first version it brought holds the focus.
  await expect(versions.nth((pages - 1) * PAGE)).toBeFocused();
  const numbers = (await versions.locator(".designer-versions__number").allTextContents()).map((text) =>
    Number(text.replace(/\D/g, "")),
  );
  expect(new Set(numbers).size).toBe(numbers.length);
  expect(numbers).toEqual(numbers.toSorted((a, b) => b - a));
  expect(problems).toEqual([]);
});

test("saves by itself 5 s after a change, and not before", async ({ page, admin }) => {
  await setLayout(admin, [box("element-1", 40, 60)]);
  await page.clock.install({ time: new Date("2026-11-24T09:00:00Z") });
  await signInAs(admin, page.context());
  await openDesigner(page);
  await page.clock.pauseAt(new Date("2026-11-24T09:01:00Z"));
  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && /\/api\/layouts\/\d+$/.test(request.url())) {
      saves.push(String((request.postDataJSON() as { changeDescription?: string }).changeDescription));
    }
  });

  await layers(page).first().click();
  await page.keyboard.press("ArrowRight");
  await expectPlace(page, { x: 41, y: 60 });
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  await page.clock.runFor(4900);
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  expect(saves).toEqual([]);
  const answered = page.waitForResponse(
    (response) => response.request().method() === "PUT" && /\/api\/layouts\/\d+$/.test(response.url()),
  );
  await page.clock.runFor(100);
  // Read, so a refused save names its status and reason.
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await expect(saveStatus(page)).toHaveText("Saved");
  expect(saves).toEqual(["Auto-save"]);
});

test("a save after someone else's offers their version or mine", async ({ page, admin }) => {
  const theirs = (x: number) => [box("element-1", x, 60)];
  await setLayout(admin, theirs(40));
  await signInAs(admin, page.context());
  await openDesigner(page);
  const alert = page.getByRole("alert").filter({ hasText: "Someone else saved this layout since you opened it." });

  await layers(page).first().click();
  await page.keyboard.press("ArrowRight");
  await setLayout(admin, theirs(500));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: "Load their version" })).toBeVisible();
  await alert.getByRole("button", { name: "Keep mine" }).click();
  await dismiss(page, "Layout Saved");
  await expect(alert).toHaveCount(0);
  await expect(layers(page).first()).toContainText("41, 60");

  await layers(page).first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(layers(page).first()).toContainText("41, 61");
  await setLayout(admin, theirs(700));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await alert.getByRole("button", { name: "Load their version" }).click();
  await expect(alert).toHaveCount(0);
  await expect(layers(page).first()).toContainText("700, 60");
  await expect(saveStatus(page)).toHaveText("Saved");
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`has no serious accessibility violation, ${label}`, async ({ page, admin }) => {
    test.setTimeout(90_000);
    await setLayout(admin, [box("element-1", 40, 60), box("element-2", 300, 120)]);
    await page.setViewportSize(viewport);
    await signInAs(admin, page.context());
    await openDesigner(page);
    await layers(page).first().click();
    await page.getByRole("button", { name: "Versions" }).click();
    await expect(page.getByRole("region", { name: "Versions" }).getByRole("listitem").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Preview" }).click();
    // Read once the preview shows: no properties panel.
    await expect(properties(page)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The canvas scrolls inside its own area; nothing of the page spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test("a page that has no layout gets a clear message", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  const response = await page.goto("/admin/designer?page=nowhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such page to design" })).toBeVisible();
  await expect(page.getByText("“nowhere” is not a page with a layout.")).toBeVisible();
});
