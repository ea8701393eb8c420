import { describe, expect, it } from "vitest";
import { postMarkdown, postOfMarkdown, readMarkdownFile, videoMarkdown, videoOfMarkdown } from "./item-files";

describe("reading back an item's Markdown", () => {
  it("gives back the post and its gallery as written, the body to its last byte", () => {
    const post = {
      id: 7,
      title: "Yes",
      slug: "yes",
      published_at: "2026-01-02T03:04:05.678901+00:00",
      rating: 3,
      content: "Above.\n---\nBelow, after a rule.\n\n",
    };
    const gallery = [{ id: 1, post_id: 7, image_url: "/uploads/images/a.webp", description: null, display_order: 0 }];
    const file = readMarkdownFile(postMarkdown(post, gallery));
    expect(file && postOfMarkdown(file)).toEqual({ post, gallery });
  });

  it("gives back a video with its description as the body", () => {
    const video = { id: 2, title: "No", captions_url: "/uploads/captions/no.vtt", description: "Quiet." };
    const file = readMarkdownFile(videoMarkdown(video));
    expect(file && videoOfMarkdown(file)).toEqual(video);
  });

  it("says a file without front matter is not an item's", () => {
    expect(readMarkdownFile("Just words.")).toBeNull();
    expect(readMarkdownFile("---\ntitle: never closed\n")).toBeNull();
    expect(readMarkdownFile("---\n- a list\n---\nbody")).toBeNull();
  });
});
