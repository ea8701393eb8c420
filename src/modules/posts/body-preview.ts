import { bodyText, renderBody, type BodyOptions } from "@/lib/markdown/render-body";
import { readTime, wordCount } from "./read-time";
import type { BodyPreview } from "./body-preview-schema";

/** The id prefix of a post not saved yet: no saved post's (`postIdPrefix`) begins so. */
export const UNSAVED_ID_PREFIX = "new-";

/**
 * What the editor's preview shows of Markdown being written: the body as the post's page
 * will draw it (`options`, as the page passes them), and the words and minutes its page
 * will say, counted as a saved post's are (`bodyColumns`).
 * @example bodyPreview("Two *words*.", { idPrefix: "new-", medium: "page" }) // { html: "<p>Two <em>words</em>.</p>", words: 2, readTime: 1 }
 */
export function bodyPreview(content: string, options: Extract<BodyOptions, { medium: "page" }>): BodyPreview {
  const body = { content, format: "markdown" } as const;
  const words = bodyText(body);
  return { html: renderBody(body, options), words: wordCount(words), readTime: readTime(words) };
}
