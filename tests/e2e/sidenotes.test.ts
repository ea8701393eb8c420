import type { APIRequestContext, Page } from "@playwright/test";
import { made, marker, postBody } from "./editorial-helpers";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./support";

/** A Markdown essay with a note in each of two sections, the first in a paragraph long enough to wrap. */
const essay = (word: string) =>
  postBody(word, {
    format: "markdown",
    content: [
      "## The first part",
      `A line about ${word}, with a note at its end.[^one] More words follow it, so that the paragraph runs over several lines on a phone and the note has somewhere to open.`,
      "## The second part",
      "Another line, with a second note.[^two]",
      "[^one]: The first note, beside its line.",
      "[^two]: The second note.",
    ].join("\n\n"),
  });

/** The essay's first note, its reference and the text column, opened at `width` px wide. */
async function firstNote(page: Page, admin: APIRequestContext, width: number) {
  const { id, slug } = await made(admin, "/api/posts", essay(marker()));
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/post/${slug}`);
  const note = page.getByRole("note").filter({ hasText: "The first note, beside its line." });
  const reference = page.locator(`#p${String(id)}-fnref-one`);
  /** Where the note, its reference and the first paragraph are drawn. */
  const boxes = async () => {
    const [noteBox, referenceBox, textBox] = await Promise.all([
      note.boundingBox(),
      reference.boundingBox(),
      page.locator(".post__content > p").first().boundingBox(),
    ]);
    if (!noteBox || !referenceBox || !textBox) throw new Error("the note, its reference or the text is not drawn");
    return { noteBox, referenceBox, textBox };
  };
  /** Follow the note's back-link: the reference's address, and the reference in view. */
  const followBackLink = async () => {
    await note.getByRole("link", { name: "Back to reference 1" }).click();
    await expect(page).toHaveURL(new RegExp(`#p${String(id)}-fnref-one$`));
    await expect(reference).toBeInViewport();
  };
  return { note, reference, boxes, followBackLink };
}

test.describe("read without JavaScript", () => {
  // Read as a visitor without JavaScript reads it: the notes must work by markup and CSS alone.
  test.use({ javaScriptEnabled: false });

  test("footnotes sit in the margin beside their line at 1280 px, and link back to it", async ({ admin, page }) => {
    const { note, boxes, followBackLink } = await firstNote(page, admin, 1280);
    await expect(note).toBeVisible();
    const { noteBox, referenceBox, textBox } = await boxes();
    // In the margin: wholly right of the text column, starting on the reference's line.
    expect(noteBox.x).toBeGreaterThanOrEqual(textBox.x + textBox.width);
    expect(Math.abs(noteBox.y - referenceBox.y)).toBeLessThan(referenceBox.height + 8);
    // Both notes are numbered across the essay, and the endnotes are for print alone.
    await expect(page.getByRole("note")).toHaveText([/^1\. The first note/, /^2\. The second note/]);
    await expect(page.locator(".footnotes")).toBeHidden();
    await followBackLink();
  });

  test("footnotes open in place under their line at 390 px, by touch or keyboard, and link back", async ({
    admin,
    page,
  }) => {
    const { note, reference, boxes, followBackLink } = await firstNote(page, admin, 390);
    await expect(note).toBeHidden();
    await reference.click();
    await expect(note).toBeVisible();
    const { noteBox, referenceBox, textBox } = await boxes();
    // Under its line, within the text column, the paragraph going on after it.
    expect(noteBox.y).toBeGreaterThanOrEqual(referenceBox.y + referenceBox.height - 1);
    expect(noteBox.x).toBeGreaterThanOrEqual(textBox.x);
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(textBox.x + textBox.width + 1);
    await followBackLink();

    // The keyboard opens and closes the second note by its checkbox, named for it.
    const second = page.getByRole("note").filter({ hasText: "The second note." });
    const toggle = page.getByRole("checkbox", { name: "Note 2" });
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(second).toBeVisible();
    await page.keyboard.press("Space");
    await expect(second).toBeHidden();
  });
});

// axe runs in the page, so these read with JavaScript; the notes are the same markup.
for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`a footnoted essay has no serious accessibility violation at ${String(width)} px, its notes open`, async ({
    admin,
    page,
  }) => {
    const { slug } = await made(admin, "/api/posts", essay(marker()));
    await page.setViewportSize({ width, height });
    await page.goto(`/post/${slug}`);
    if (width < 1100) await page.getByRole("checkbox", { name: "Note 1" }).check({ force: true });
    await expect(page.getByRole("note").first()).toBeVisible();
    expect(await seriousViolations(page, ".post__content")).toEqual([]);
  });
}

test("the feed carries the essay with its notes as endnotes", async ({ admin, request }) => {
  const word = marker();
  await made(admin, "/api/posts", essay(word));
  const xml = await (await request.get("/rss.xml")).text();
  const item = xml.split("<item>").find((part) => part.includes(word)) ?? "";
  expect(item).toContain("<content:encoded>");
  expect(item).toContain("The first note, beside its line.");
  expect(item).toMatch(/data-footnotes/);
  expect(item).not.toContain("sidenote");
});
