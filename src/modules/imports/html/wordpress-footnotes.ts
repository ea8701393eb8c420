import { z } from "zod";

/** WordPress's `footnotes` post meta: the notes of the block editor, each with the id its reference links to. */
const footnotesMeta = z.array(z.object({ id: z.string(), content: z.string() }));

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The footnotes WordPress (6.3 and later) keeps in a post's `footnotes` meta rather than its
 * content, as the list its footnotes block draws on the page. A WordPress reader appends it
 * to the content it hands `htmlToMarkdown`, whose references (`<sup data-fn>` links to the
 * notes' ids) then find them. Empty when the meta is absent or not what WordPress writes.
 * @example wordpressFootnotes('[{"id":"a1","content":"A note."}]') // '<ol class="wp-block-footnotes"><li id="a1">A note.</li></ol>'
 */
export function wordpressFootnotes(meta: string | null): string {
  if (!meta) return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(meta);
  } catch {
    return "";
  }
  const notes = footnotesMeta.safeParse(parsed);
  if (!notes.success || notes.data.length === 0) return "";
  const items = notes.data.map(({ id, content }) => `<li id="${attribute(id)}">${content}</li>`);
  return `<ol class="wp-block-footnotes">${items.join("")}</ol>`;
}
