import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { dismiss, editorText, signInAs } from "./admin-helpers";
import { JOURNEY_VIEWPORTS, marker } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { hydrated, problemsIn, seriousViolations } from "./support";

// A real PNG, made from a seeded photograph.
const png = () => sharp("content/media/posts/the-sandwich-was-fine-cover.jpg").resize(320).png().toBuffer();

/** Open a new post's dialog; its Content editor, once CodeMirror has loaded. */
async function openNewPost(page: Page) {
  await page.goto("/admin/posts");
  await hydrated(page, "PostManager");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  const editor = dialog.getByRole("textbox", { name: "Content", exact: true });
  await expect(editor).toBeVisible();
  return { dialog, editor, tool: (name: string) => dialog.getByRole("button", { name, exact: true }) };
}

/** Hand `editor` an image file as the clipboard, or a drag from the desktop at `line`, would. */
async function giveImage(editor: Locator, how: "paste" | "drop", line: Locator, name = "stain.png") {
  const box = await line.boundingBox();
  const at = { x: (box?.x ?? 0) + 10, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
  await editor.evaluate(
    (target, { base64, name, how, at }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "image/png" }));
      const init = { bubbles: true, cancelable: true };
      target.dispatchEvent(
        how === "paste"
          ? new ClipboardEvent("paste", { ...init, clipboardData: data })
          : new DragEvent("drop", { ...init, dataTransfer: data, clientX: at.x, clientY: at.y }),
      );
    },
    { base64: (await png()).toString("base64"), name, how, at },
  );
}

/** The body the preview frame shows, as HTML. */
const previewBody = (page: Page) => page.frameLocator('iframe[title="Preview"]').locator(".post__content");

for (const [label, viewport] of JOURNEY_VIEWPORTS) {
  test(`the owner writes an essay with the toolbar, an image and a note, previews it and publishes what the page shows, ${label}`, async ({
    page,
    admin,
  }) => {
    test.setTimeout(90_000);
    const problems = problemsIn(page);
    await page.setViewportSize(viewport);
    await signInAs(admin, page.context());
    const { dialog, editor, tool } = await openNewPost(page);
    const title = `Tiles ${marker()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Excerpt").fill("Ninety of them, give or take.");
    await dialog.getByLabel("Category").selectOption("Meh Moments");

    // Written with the toolbar and the shortcuts, each leaving the cursor where writing goes on.
    await editor.click();
    await tool("Heading").click();
    await page.keyboard.type("Tiles");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("The ceiling has ");
    await tool("Bold").click();
    await page.keyboard.type("ninety");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(" tiles. It is ");
    await page.keyboard.press("ControlOrMeta+i");
    await page.keyboard.type("fine");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(". See the count");
    await page.keyboard.press("ControlOrMeta+Shift+ArrowLeft");
    await page.keyboard.press("ControlOrMeta+Shift+ArrowLeft");
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type("https://example.com/count");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(".");
    await tool("Footnote").click();
    await page.keyboard.type("Counted twice.");

    // An image handed to the editor under the paragraph: pasted on a desktop, dropped on a phone.
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const paragraph = editor.locator(".cm-line", { hasText: "The ceiling has" });
    await giveImage(editor, label === "desktop" ? "paste" : "drop", paragraph);
    const describe = page.getByRole("dialog", { name: "Describe the image" });
    await expect(describe.locator("img")).toHaveAttribute("src", /^\/uploads\/images\//);
    // Described, or marked decorative: nothing goes in without one or the other.
    await describe.getByRole("button", { name: "Insert image" }).click();
    await expect(describe.getByText("Describe the image, or mark it decorative")).toBeVisible();
    await describe.getByLabel("Alt text (what the image shows)").fill("A tile with a brown stain");
    await describe.getByLabel("Caption (optional)").fill("The worst one");
    await describe.getByRole("button", { name: "Insert image" }).click();
    await expect(describe).toBeHidden();
    await expect(dialog).toBeVisible();

    // A video of the site's, picked by a search, goes after the image.
    await tool("Video").click();
    const picker = page.getByRole("dialog", { name: "Embed a video" });
    await picker.getByLabel("Search videos").fill("ceiling");
    await picker.getByRole("button", { name: /Ceiling Tiles, Ranked/ }).click();
    await expect(picker).toBeHidden();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Count them again.");
    await tool("Quote").click();

    await expect
      .poll(() => editorText(editor))
      .toMatch(
        new RegExp(
          [
            "^# Tiles",
            "The ceiling has \\*\\*ninety\\*\\* tiles\\. It is _fine_\\. See \\[the count\\]\\(https://example\\.com/count\\)\\.\\[\\^1\\]",
            '!\\[A tile with a brown stain\\]\\(/uploads/images/[a-z0-9]+\\.\\w+ "The worst one"\\)',
            "::video\\[ceiling-tiles-ranked\\]",
            "> Count them again\\.",
            "\\[\\^1\\]: Counted twice\\.$",
          ].join("\\n\\n"),
        ),
      );

    // The preview shows what the page will, drawn by the server, and the words it counts.
    const preview = previewBody(page);
    await expect(preview.getByRole("heading", { name: "Tiles" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("ninety");
    await expect(preview.locator("em")).toHaveText("fine");
    await expect(preview.getByRole("link", { name: "the count" })).toHaveAttribute("href", "https://example.com/count");
    await expect(preview.getByRole("img", { name: "A tile with a brown stain" })).toBeVisible();
    await expect(preview.locator("blockquote")).toHaveText("Count them again.");
    // The note opens in place under its line at the preview's width, as on a page that narrow.
    await expect(preview.locator(".sidenote")).toContainText("Counted twice.");
    await expect(dialog.getByText(/^\d+ words, 1 min read$/)).toBeVisible();
    // The preview's own page is the post's, which the public site's checks cover.
    expect(await seriousViolations(page, ".manager__dialog", 'iframe[title="Preview"]')).toEqual([]);

    await dialog.getByRole("button", { name: "Create Post" }).click();
    await dismiss(page, "Post Created");
    const card = page.getByRole("listitem").filter({ hasText: title });
    const path = (await card.getByRole("link", { name: /^View/ }).getAttribute("href")) ?? "";

    // Edited again, the post's preview has the ids its page has: the two bodies are one.
    await card.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit post" });
    await expect(edit.getByRole("textbox", { name: "Content", exact: true })).toBeVisible();
    await expect(previewBody(page).getByRole("heading", { name: "Tiles" })).toHaveAttribute("id", /^p\d+-tiles$/);
    const previewed = await previewBody(page).innerHTML();
    await edit.getByRole("button", { name: "Close" }).click();
    expect(problems).toEqual([]);
    await page.goto(path);
    expect(await page.locator(".post__content").innerHTML()).toBe(previewed);
    await admin.delete(`/api/posts/${/p(\d+)-/.exec(previewed)?.[1] ?? "0"}`);
  });
}

test("an image that cannot be uploaded says so, and leaves the text as it was", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  await page.route("**/api/objects/upload-url*", (route) => route.fulfill({ status: 503, body: "{}" }));
  const { dialog, editor } = await openNewPost(page);
  await editor.fill("One paragraph.");
  await giveImage(editor, "paste", editor.locator(".cm-line").first());
  await expect(dialog.getByRole("alert")).toHaveText(
    "stain.png was not uploaded, and nothing was inserted: Could not get an upload URL. Please try again.",
  );
  await expect(editor.locator(".cm-uploading")).toHaveCount(0);
  expect(await editorText(editor)).toBe("One paragraph.");
  await expect(page.getByRole("dialog", { name: "Describe the image" })).toHaveCount(0);
});

test("a slow preview never replaces a newer one", async ({ page, admin }) => {
  await signInAs(admin, page.context());
  let releaseOlder = () => {};
  const older = new Promise<void>((resolve) => (releaseOlder = resolve));
  await page.route("**/api/posts/body-preview", async (route) => {
    const { content } = route.request().postDataJSON() as { content: string };
    if (content === "Older") await older;
    await route.continue();
  });
  const { editor } = await openNewPost(page);
  const preview = previewBody(page);
  const asked = (content: string) =>
    page.waitForRequest((r) => r.url().endsWith("/api/posts/body-preview") && r.postData()?.includes(content) === true);

  const olderAsked = asked('"Older"');
  await editor.fill("Older");
  await olderAsked;
  const newerAnswered = page.waitForResponse((r) => r.request().postData()?.includes("Newer") === true);
  await editor.fill("Newer");
  await newerAnswered;
  await expect(preview).toHaveText("Newer");
  const olderRead = page.waitForEvent("requestfinished", (r) => r.postData()?.includes('"Older"') === true);
  releaseOlder();
  await olderRead;
  // The older answer came last, read to its end; a frame later, what it would show still does not.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(preview).toHaveText("Newer");
});

test("the editor is used with the keyboard alone: one stop for the toolbar, its keys named, Tab and Esc as elsewhere", async ({
  page,
  admin,
}) => {
  await signInAs(admin, page.context());
  const { dialog, editor } = await openNewPost(page);
  const toolbar = dialog.getByRole("toolbar", { name: "Content formatting" });
  await dialog.getByLabel("Excerpt").focus();
  await page.keyboard.press("Tab");
  const bold = toolbar.getByRole("button", { name: "Bold" });
  await expect(bold).toBeFocused();
  await expect(bold).toHaveAttribute("aria-keyshortcuts", /^(Control|Meta)\+B$/);
  await expect(bold).toHaveAttribute("data-tip", /^Bold \((Ctrl\+B|⌘B)\)$/);
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "Video" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(bold).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(toolbar.getByRole("button", { name: "Image" })).toBeFocused();
  // One Tab leaves the toolbar for the editor; in the editor, a list and a quote by their keys.
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();
  await page.keyboard.type("milk");
  await page.keyboard.press("ControlOrMeta+Shift+8");
  await page.keyboard.press("ControlOrMeta+Shift+Period");
  await expect.poll(() => editorText(editor)).toBe("> - milk");
  // Tab leaves the editor, as it leaves any field, rather than typing a tab.
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();
  expect(await editorText(editor)).toBe("> - milk");

  // Esc in the image's question closes only the question, and nothing is inserted.
  await editor.focus();
  await giveImage(editor, "paste", editor.locator(".cm-line").first());
  const describe = page.getByRole("dialog", { name: "Describe the image" });
  await expect(describe.getByLabel("Alt text (what the image shows)")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(describe).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(editor).toBeFocused();
  expect(await editorText(editor)).toBe("> - milk");
});
