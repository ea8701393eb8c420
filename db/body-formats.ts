/**
 * How a post's `content` is written: `plain`, text whose every line is a paragraph (every
 * post from before Markdown, and what the spec's payloads send), or `markdown`, CommonMark
 * with GitHub's tables, strikethrough, autolinks and footnotes. A plain post becomes Markdown
 * when its owner first edits it.
 */
export const BODY_FORMATS = ["plain", "markdown"] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];
