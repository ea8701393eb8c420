import { stringify } from "yaml";

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
