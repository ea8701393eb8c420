import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bodyText, postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { plainToMarkdown } from "@/lib/markdown/escape-markdown";
import { loadContent } from "./sample-content.server";

// Each seeded post's body as the site served it before Markdown, read from the built post
// page (the article body's inner HTML). Astro marked each paragraph with the article's
// scoped-style attribute, which no rule of the article reads; a body drawn from HTML carries
// none, so that attribute is the one difference allowed.
const before: Record<string, string> = JSON.parse(
  await readFile(new URL("./fixtures/seeded-post-bodies.json", import.meta.url), "utf8"),
) as Record<string, string>;
const { posts } = await loadContent(path.resolve("content"));
const options = { idPrefix: postIdPrefix(1), medium: "page" } as const;

describe("the seeded posts", () => {
  it("are the posts whose bodies were kept", () => {
    expect(posts.map((post) => post.slug).sort()).toEqual(Object.keys(before).sort());
  });

  it.each(posts.map((post) => [post.slug, post.content]))("%s renders as it did, as plain text", (slug, content) => {
    const html = renderBody({ content, format: "plain" }, options);
    expect(html).toBe(before[slug]?.replaceAll(/ data-astro-cid-[a-z0-9]+/g, ""));
  });

  it.each(posts.map((post) => [post.slug, post.content]))(
    "%s reads the same once converted to Markdown",
    (_slug, content) => {
      const converted = { content: plainToMarkdown(content), format: "markdown" } as const;
      expect(bodyText(converted)).toBe(bodyText({ content, format: "plain" }));
    },
  );
});
