import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bodyReferences, undescribedImages } from "@/lib/markdown/body-references";
import { bodyText, postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { plainToMarkdown } from "@/lib/markdown/escape-markdown";
import { loadContent } from "./sample-content.server";

const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Record<string, string>;

// The seeded posts' plain text, as sites seeded before Markdown hold it still, and each
// body's HTML as the site served it then, read from the built post page (the article
// body's inner HTML). Astro marked each paragraph with the article's scoped-style
// attribute, which no rule of the article reads; a body drawn from HTML carries none, so
// that attribute is the one difference allowed.
const plain = await fixture("seeded-plain-posts.json");
const before = await fixture("seeded-post-bodies.json");
const contentDir = path.resolve("content");
const { posts, videos } = await loadContent(contentDir);
const options = { idPrefix: postIdPrefix(1), medium: "page" } as const;
/** The posts rewritten as essays when the seeds became Markdown; the rest kept their words. */
const ESSAYS = ["hold-music-movement-two", "in-praise-of-the-hotel-lobby-painting"];

describe("the posts seeded as plain text, before Markdown", () => {
  it("are the posts whose bodies were kept", () => {
    expect(Object.keys(plain).sort()).toEqual(Object.keys(before).sort());
    expect(posts.map((post) => post.slug).sort()).toEqual(Object.keys(before).sort());
  });

  it.each(Object.entries(plain))("%s renders as it did, as plain text, until it is edited", (slug, content) => {
    expect(renderBody({ content, format: "plain" }, options)).toBe(
      before[slug]?.replaceAll(/ data-astro-cid-[a-z0-9]+/g, ""),
    );
  });

  it.each(Object.entries(plain))("%s reads the same once converted to Markdown", (_slug, content) => {
    const converted = { content: plainToMarkdown(content), format: "markdown" } as const;
    expect(bodyText(converted)).toBe(bodyText({ content, format: "plain" }));
  });
});

describe("the sample posts a new site is seeded with, in Markdown", () => {
  it.each(posts.filter((post) => !ESSAYS.includes(post.slug)).map((post) => [post.slug, post.content]))(
    "%s reads as its plain text did",
    (slug, content) => {
      expect(bodyText({ content, format: "markdown" })).toBe(bodyText({ content: plain[slug] ?? "", format: "plain" }));
    },
  );

  it.each(ESSAYS)("%s is an essay that shows what a post can hold", (slug) => {
    const post = posts.find((p) => p.slug === slug);
    if (!post) throw new Error(`no sample post ${slug}`);
    const references = bodyReferences(post.content);
    // What publishing would refuse: every image described, every video a sample one.
    expect(undescribedImages(references)).toEqual([]);
    const samples = new Map(videos.map((video) => [video.slug, video]));
    expect(references.videos.length).toBeGreaterThan(0);
    for (const videoSlug of references.videos) expect(samples.has(videoSlug), videoSlug).toBe(true);
    for (const { src } of references.images)
      expect(existsSync(path.join(contentDir, "media/posts", path.basename(src))), src).toBe(true);

    const html = renderBody(
      { content: post.content, format: "markdown" },
      {
        ...options,
        media: {
          videos: new Map(
            references.videos.map((videoSlug) => [
              videoSlug,
              {
                slug: videoSlug,
                title: videoSlug,
                duration: 5,
                posterUrl: "/p.jpg",
                videoUrl: "/v.mp4",
                captionsUrl: null,
              },
            ]),
          ),
        },
      },
    );
    for (const part of [
      '<nav class="toc" aria-label="Contents">',
      "<figcaption>",
      "<blockquote>",
      'class="sidenote"',
      '<aside class="',
      'href="https://en.wikipedia.org/',
      "data-embed",
    ])
      expect(html, part).toContain(part);
  });
});
