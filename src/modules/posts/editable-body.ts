import { plainToMarkdown } from "@/lib/markdown/escape-markdown";
import type { PostBody } from "@/lib/markdown/render-body";

/**
 * A post's body as its edit form holds it: always Markdown. A plain post is converted as
 * the form opens (each line a paragraph, Markdown's characters escaped), so it reads the
 * same, and is saved as Markdown from its first edit on.
 * @example editableBody({ content: "1. Not a list", format: "plain" }) // "1\\. Not a list"
 */
export const editableBody = (body: PostBody): string =>
  body.format === "markdown" ? body.content : plainToMarkdown(body.content);
