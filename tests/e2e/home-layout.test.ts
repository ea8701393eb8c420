import type { APIRequestContext, Dialog, Locator, Page, Request } from "@playwright/test";
import { newElement } from "../../src/modules/page-layouts/defaults";
import { dismiss, setLayout, signInAs, uploadOnly } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { holdClock, seriousViolations } from "./support";

// The owner arranges the home page in place, and visitors see the published design. These
// publish a layout, so they run with the writers, one after another.
test.describe.configure({ mode: "serial" });

/** An element on the editor's canvas, found by what it says of itself ("Text "…" at x, y, w by h"). */
const element = (page: Page, name: RegExp): Locator =>
  page.getByRole("group", { name: /Home layout canvas/ }).getByRole("button", { name });

/** Answer the next prompts in turn: a text accepts, null cancels. */
function answerPrompts(page: Page, ...answers: (string | null)[]): void {
  const answer = (dialog: Dialog) => {
    const next = answers.shift();
    if (answers.length === 0) page.off("dialog", answer);
    void (next === null || next === undefined ? dialog.dismiss() : dialog.accept(next));
  };
  page.on("dialog", answer);
}

// A line's leading (line height less the glyphs' height) is space a text's box holds above
// and below its words; anything beyond it is blank space a reader would notice.
const LEADING_TOLERANCE = 10;

/** How much taller than its words and its padding each element of a published design is drawn, in pixels. */
function blankSpace(design: Locator): Promise<number[]> {
  return design.locator(".designed-layout__canvas > *").evaluateAll((nodes) =>
    nodes.map((node) => {
      const words = document.createRange();
      words.selectNodeContents(node);
      const style = getComputedStyle(node);
      const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"] as const;
      const around = frame.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0);
      return Math.round(node.getBoundingClientRect().height - words.getBoundingClientRect().height - around);
    }),
  );
}

/** Throw away the home page's design, if an earlier run left one, so the owner starts from none. */
async function discardLayout(admin: APIRequestContext): Promise<void> {
  const left = await admin.get("/api/layouts/home");
  if (left.ok()) {
    const { id } = (await left.json()) as { id: number };
    expect((await admin.delete(`/api/layouts/${String(id)}`)).status()).toBe(200);
  }
}

// A photograph from the sample content, uploaded as the owner would, and the words that describe it.
const PHOTO = "content/media/posts/a-field-guide-to-puddles-1.jpg";
const WORDS = "A puddle holding a grey sky and a lamp post";

// A copy overlaps its original, so each element is grabbed by its free top left corner.
const CORNER = { x: 8, y: 8 };
const canvasOf = (page: Page): Locator => page.getByRole("group", { name: /Home layout canvas/ });

async function dragBy(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("the element is not on screen");
  await page.mouse.move(box.x + CORNER.x, box.y + CORNER.y);
  await page.mouse.down();
  await page.mouse.move(box.x + CORNER.x + dx / 2, box.y + CORNER.y + dy / 2, { steps: 5 });
  await page.mouse.move(box.x + CORNER.x + dx, box.y + CORNER.y + dy, { steps: 5 });
  await page.mouse.up();
}

test("the owner edits the home page in place: add, drag, edit through a prompt, duplicate, delete, save and auto-save", async ({
  page,
  admin,
}) => {
  await discardLayout(admin);
  await signInAs(admin, page.context());
  // The auto-save is a timer: the page's clock is ours to move.
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("button", { name: "Edit Page" }).click();
  await expect(page.getByRole("toolbar", { name: "Home layout" })).toBeVisible();
  // The canvas takes the focus, so the editor's keys work at once.
  await expect(canvasOf(page)).toBeFocused();
  // Styled: its stylesheet comes with it, though no page links it up front.
  await expect(page.locator(".home-editor")).toHaveCSS("display", "grid");

  // The page's own content is dimmed and cannot be clicked while editing.
  const postLink = page.locator("main a[href^='/post/']").first();
  await expect(postLink.locator("xpath=ancestor::*[@inert]").first()).toBeAttached();
  await postLink.click({ force: true });
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("button", { name: "Add Text" }).click();
  await page.getByRole("button", { name: "Add Button" }).click();
  await page.getByRole("button", { name: "Add Image" }).click();
  // SPEC §9's home editor defaults; each new element goes where it covers none of the others.
  await expect(element(page, /^Text "New Text Element" at 100, 100, 200 by 40$/)).toBeVisible();
  await expect(element(page, /^Button "Click Me" at 320, 100, 120 by 40$/)).toBeVisible();
  await expect(element(page, /^Image at 460, 100, 200 by 150$/)).toBeVisible();

  const text = element(page, /^Text "New Text Element"/);
  await dragBy(page, text, 300, 200);
  await expect(text).toHaveAccessibleName(/at 400, 300,/);
  // Dragged past the canvas's corner, it stops at 0, 0.
  await dragBy(page, text, -900, -900);
  await expect(text).toHaveAccessibleName(/at 0, 0,/);
  // The whole drag was one step: one undo puts it back where the first drag left it.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(text).toHaveAccessibleName(/at 400, 300,/);

  // Cancel in the prompt changes nothing; OK takes the new text.
  const button = element(page, /^Button /);
  page.once("dialog", (dialog) => void dialog.dismiss());
  await button.dblclick({ position: CORNER });
  await expect(button).toHaveAccessibleName(/^Button "Click Me"/);
  // A button's words, then where it goes: never a script.
  answerPrompts(page, "Press nothing", "javascript:alert(1)");
  await button.dblclick({ position: CORNER });
  const refusal = page.getByRole("alert").filter({ hasText: "Not changed" });
  await expect(refusal).toContainText("The button's destination: Must be an http(s) URL or a path on this site");
  await refusal.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(button).toHaveAccessibleName(/^Button "Press nothing" at 320, 100/);
  answerPrompts(page, "Press nothing", "/about");
  await button.dblclick({ position: CORNER });

  await button.click({ position: CORNER });
  await page.getByRole("button", { name: "Duplicate" }).click();
  const copy = element(page, /^Button "Press nothing" at 340, 120/);
  await expect(copy).toBeVisible();
  // Deleted by the button or by the key, the element comes back with Ctrl+Z: the canvas keeps the focus.
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(copy).toHaveCount(0);
  await expect(canvasOf(page)).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect(copy).toBeVisible();
  await copy.focus();
  await page.keyboard.press("Delete");
  await expect(copy).toHaveCount(0);
  await expect(canvasOf(page)).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect(copy).toBeVisible();
  await copy.click({ position: CORNER });
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(copy).toHaveCount(0);
  await expect(element(page, /^Button /)).toHaveCount(1);

  // Resized in place: by a handle, and by Ctrl and the arrows.
  const image = element(page, /^Image /);
  await image.click({ position: CORNER });
  const corner = page.locator(".home-editor__handle--bottom-right");
  const grip = await corner.boundingBox();
  if (!grip) throw new Error("the handle is not on screen");
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 40, grip.y + grip.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  await expect(image).toHaveAccessibleName("Image at 460, 100, 240 by 160");
  await page.keyboard.press("Control+ArrowLeft");
  await page.keyboard.press("Control+Shift+ArrowUp");
  await expect(image).toHaveAccessibleName("Image at 460, 100, 239 by 150");

  // No layout exists yet, so nothing saves itself until the first save creates it.
  const saves: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/layouts") && request.method() !== "GET") saves.push(request);
  });
  await page.clock.runFor(10_000);
  expect(saves).toHaveLength(0);
  // An image says what it shows, or is marked decorative: until then the field says so and
  // nothing is sent.
  const alt = page.getByRole("textbox", { name: "Alt text" });
  await expect(alt).toHaveAccessibleDescription("Describe the image, or mark it decorative");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const refused = page.getByRole("alert").filter({ hasText: "Not Saved" });
  await expect(refused).toContainText("Image (alt text): Describe the image, or mark it decorative.");
  await refused.getByRole("button", { name: "Dismiss notification" }).click();
  expect(saves).toHaveLength(0);
  await page.getByRole("checkbox", { name: "Decorative only (no alt text)" }).check();
  await expect(alt).toBeDisabled();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // The first save says what it turned on.
  await expect(page.getByRole("status").filter({ hasText: "Layout Saved" })).toContainText("Auto-save is now on");
  await dismiss(page, "Layout Saved");
  expect(saves.map((request) => request.method())).toEqual(["POST"]);

  // Then a change saves itself 3 s later, and not before.
  // From here the page's time moves only when the test moves it, however slow the machine.
  await holdClock(page);
  await text.click({ position: CORNER });
  await page.keyboard.press("Shift+ArrowRight");
  await expect(text).toHaveAccessibleName(/at 410, 300,/);
  await page.clock.runFor(2900);
  expect(saves).toHaveLength(1);
  const autoSave = page.waitForRequest((request) => request.method() === "PUT");
  await page.clock.runFor(100);
  expect((await autoSave).postDataJSON()).toMatchObject({ changeDescription: "Auto-save", baseVersion: 1 });
  await expect(page.getByRole("toolbar", { name: "Home layout" }).getByText("Saved", { exact: true })).toBeVisible();

  // Outside edit mode nothing saves itself.
  await page.getByRole("button", { name: "Exit Edit" }).click();
  await expect(page.getByRole("button", { name: "Edit Page" })).toBeFocused();
  await page.clock.runFor(10_000);
  expect(saves).toHaveLength(2);
});

test("a published design is part of the stored home page: visitors see it without JavaScript, at any width", async ({
  page,
  admin,
  browser,
}) => {
  // Two widths, each with JavaScript off and on and an accessibility scan.
  test.setTimeout(120_000);
  await signInAs(admin, page.context());
  await page.goto("/");
  await page.getByRole("button", { name: "Edit Page" }).click();
  await expect(element(page, /^Button "Press nothing"/)).toBeVisible();
  // A sentence longer than its box holds on one line: visitors read all of it.
  const sentence = "Hello, visitor. Nothing much here, and that is the whole point of it.";
  answerPrompts(page, sentence);
  await element(page, /^Text "New Text Element"/).dblclick({ position: CORNER });
  await expect(element(page, /^Text "Hello, visitor/)).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await dismiss(page, "Layout Saved");
  await page.getByRole("button", { name: "Publish" }).click();
  await dismiss(page, "Published");
  await expect(page.getByText(/^Visitors see version \d+, the one you are editing\.$/)).toBeVisible();

  for (const width of [1280, 390]) {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const home = await visitor.newPage();
    const response = await home.goto("/");
    expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-inline");
    const design = home.getByRole("region", { name: "Featured design" });
    const pressed = design.getByRole("link", { name: "Press nothing" });
    const text = design.getByText(sentence, { exact: true });
    await expect(pressed).toBeVisible();
    await expect(text).toBeVisible();
    const canvas = await design.locator(".designed-layout__canvas").boundingBox();
    const buttonBox = await pressed.boundingBox();
    const textBox = await text.boundingBox();
    if (!canvas || !buttonBox || !textBox) throw new Error("the design is not on screen");
    if (width === 1280) {
      // Where the owner put them, to the pixel.
      expect([buttonBox.x - canvas.x, buttonBox.y - canvas.y, buttonBox.width]).toEqual([320, 100, 120]);
      expect([textBox.x - canvas.x, textBox.y - canvas.y]).toEqual([410, 300]);
    } else {
      // Stacked in reading order, inside the screen.
      expect(buttonBox.y).toBeLessThan(textBox.y);
      expect(Math.max(buttonBox.x + buttonBox.width, textBox.x + textBox.width)).toBeLessThanOrEqual(width);
    }
    const overflow = await home.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // No element cuts its words off.
    const clipped = await design
      .locator(".designed-layout__canvas > *")
      .evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollHeight > node.clientHeight + 1).map((n) => n.textContent),
      );
    expect(clipped).toEqual([]);
    // The button is a link that works without JavaScript, from the keyboard.
    await expect(pressed).toHaveAttribute("href", "/about");
    await pressed.focus();
    await home.keyboard.press("Enter");
    await expect(home).toHaveURL(/\/about$/);
    await visitor.close();

    const sighted = await browser.newContext({ viewport: { width, height: 900 } });
    const axePage = await sighted.newPage();
    const fetched: string[] = [];
    axePage.on("request", (request) => fetched.push(request.url()));
    await axePage.goto("/");
    await expect(axePage.getByRole("region", { name: "Featured design" })).toBeVisible();
    // The editor is fetched for an admin alone: a visitor's browser never asks for it.
    expect(fetched.filter((url) => /home-editor|\/api\/auth\/me/.test(url))).toEqual([]);
    // The rest of the home page is checked with every public page (quality.test.ts).
    expect(await seriousViolations(axePage, ".designed-layout")).toEqual([]);
    await sighted.close();
  }

  // Unpublished, the home page goes back to showing no design.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await dismiss(page, "Layout Unpublished");
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { name: "Featured" })).toBeVisible();
  await expect(home.getByRole("region", { name: "Featured design" })).toHaveCount(0);
  await visitor.close();
});

test("on a phone a designed text and button are as tall as their words, whatever height they have on a wide screen", async ({
  admin,
  browser,
}) => {
  // Heights as the editors leave them after a resize at the design width: the box as it was
  // drawn there, grown by wrapping, taller than the words need once the text has room.
  const layout = await setLayout(admin, [
    { ...newElement("text", "element-1", { x: 0, y: 0 }, "home"), width: 600, height: 300, content: "Nothing to see." },
    { ...newElement("button", "element-2", { x: 0, y: 320 }, "home"), width: 160, height: 101, content: "Read on" },
  ]);
  const published = await admin.post(`/api/layouts/${String(layout.id)}/publish`, {
    data: { versionId: layout.versionId },
  });
  expect(published.ok()).toBe(true);

  for (const width of [1280, 390]) {
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const home = await visitor.newPage();
    await home.goto("/");
    const design = home.getByRole("region", { name: "Featured design" });
    await expect(design.getByText("Nothing to see.")).toBeVisible();
    if (width === 1280) {
      // On a wide screen the owner's heights stand, as the canvas drew them.
      expect((await design.getByText("Nothing to see.").boundingBox())?.height).toBe(300);
      expect((await design.getByRole("link", { name: "Read on" }).boundingBox())?.height).toBe(101);
    } else {
      // Stacked, no blank space beyond the line's own leading.
      const slack = await blankSpace(design);
      expect(
        slack.every((space) => space >= 0 && space <= LEADING_TOLERANCE),
        `blank space ${slack.join(", ")}`,
      ).toBe(true);
    }
    await visitor.close();
  }

  const unpublished = await admin.delete(`/api/layouts/${String(layout.id)}/publish`);
  expect(unpublished.ok()).toBe(true);
});

test("the owner uploads an image and describes it: visitors get its words as the image's alt", async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(90_000);
  await discardLayout(admin);
  await signInAs(admin, page.context());
  await page.goto("/");
  await page.getByRole("button", { name: "Edit Page" }).click();
  await page.getByRole("button", { name: "Add Image" }).click();
  const image = page.getByRole("group", { name: "File and alt text" });
  await expect(image.getByRole("textbox", { name: "Alt text" })).toHaveAttribute("aria-invalid", "true");

  // Escape closes the upload's window and nothing else: the image it is for stays selected.
  await image.getByRole("button", { name: "Upload image" }).click();
  // The window takes the focus, as it does for anyone who opens it.
  await expect(page.locator(".uppy-Dashboard-inner :focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.locator(".uppy-Dashboard-inner")).toBeHidden();
  await expect(image).toBeVisible();

  // Through the site's one upload path: on this server, straight to the bucket.
  await uploadOnly(page, "Upload image", PHOTO);
  await dismiss(page, "Image Uploaded");
  const drawn = canvasOf(page).locator("img");
  await expect(drawn).toHaveAttribute("src", /^\/uploads\/images\/[a-z0-9]+\.jpg$/);
  await image.getByRole("textbox", { name: "Alt text" }).fill(WORDS);
  await expect(drawn).toHaveAttribute("alt", WORDS);
  await page.getByRole("button", { name: "Publish" }).click();
  await dismiss(page, "Layout Saved");
  await dismiss(page, "Published");
  const stored = (await (await admin.get("/api/layouts/home")).json()) as { elements: unknown[] };
  expect(stored.elements).toEqual([expect.objectContaining({ type: "image", alt: WORDS })]);
  expect(stored.elements[0]).not.toHaveProperty("decorative");

  for (const width of [1280, 390]) {
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const home = await visitor.newPage();
    await home.goto("/");
    const picture = home.getByRole("region", { name: "Featured design" }).getByRole("img", { name: WORDS });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("alt", WORDS);
    // The upload itself, resized by the site's image service, not the placeholder.
    await expect(picture).toHaveAttribute("src", /^\/_image\?href=%2Fuploads%2Fimages%2F/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await visitor.close();
  }
  await discardLayout(admin);
});
