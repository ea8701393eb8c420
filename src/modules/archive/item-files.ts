import { parse, stringify } from "yaml";

type Row = Record<string, unknown>;

/**
 * Front matter a YAML 1.1 reader and a 1.2 reader read alike: timestamps, days and words like
 * `yes` are quoted, so no reader turns them into dates or booleans (which would lose a
 * timestamp's microseconds); long lines are never folded.
 */
const frontMatter = (fields: Row): string => stringify(fields, { version: "1.1", lineWidth: 0 });

/**
 * A Markdown file: the fields as YAML front matter between `---` lines, then the body exactly
 * as stored, every byte after the closing `---` line.
 */
export function markdownFile(fields: Row, body: string): string {
  return `---\n${frontMatter(fields)}---\n${body}`;
}

/**
 * A post: every column but its body in the front matter (the database's own names), its
 * gallery in display order with each image's alt text (`description`) and caption, then the
 * body as written, Markdown or plain as `format` says.
 * @example postMarkdown({ id: 1, title: "Fine", content: "It was." }, []) // "---\nid: 1\ntitle: Fine\ngallery: []\n---\nIt was."
 */
export function postMarkdown(post: Row, gallery: Row[]): string {
  const { content, ...fields } = post;
  const images = gallery.map(({ post_id: _post, ...image }) => image);
  return markdownFile({ ...fields, gallery: images }, typeof content === "string" ? content : "");
}

/** A video: every column but its description in the front matter (its file, poster and captions among them), then the description. */
export function videoMarkdown(video: Row): string {
  const { description, ...fields } = video;
  return markdownFile(fields, typeof description === "string" ? description : "");
}

/** A row, or a row with its history, as a JSON file a person can read. */
export const jsonFile = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A Markdown file as `markdownFile` writes it, read back: its front matter's fields (read as
 * YAML 1.1, as written, so quoted timestamps stay text) and its body, every byte after the
 * closing `---` line. Null when the text does not begin with front matter.
 * @example readMarkdownFile("---\ntitle: Fine\n---\nIt was.") // { fields: { title: "Fine" }, body: "It was." }
 */
export function readMarkdownFile(text: string): { fields: Row; body: string } | null {
  if (!text.startsWith("---\n")) return null;
  // The front matter's lines are YAML mappings: a line of `---` alone can only be its end.
  const end = text.indexOf("\n---\n", 3);
  if (end === -1) return null;
  const fields: unknown = parse(text.slice(4, end + 1), { version: "1.1" });
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  return { fields: fields as Row, body: text.slice(end + 5) };
}

/** A post's row and its gallery's rows from the fields and body `postMarkdown` wrote. */
export function postOfMarkdown({ fields, body }: { fields: Row; body: string }): { post: Row; gallery: Row[] } {
  const { gallery, ...post } = fields;
  const images = Array.isArray(gallery) ? (gallery as Row[]) : [];
  return { post: { ...post, content: body }, gallery: images.map((image) => ({ ...image, post_id: post.id })) };
}

/** A video's row from the fields and body `videoMarkdown` wrote. */
export const videoOfMarkdown = ({ fields, body }: { fields: Row; body: string }): Row => ({
  ...fields,
  description: body,
});
