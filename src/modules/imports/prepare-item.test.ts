import { describe, expect, it } from "vitest";
import type { ImportOptions } from "./import-schemas";
import { importedPublication, POST_LIMITS, preparePost, suggestedCategory } from "./prepare-item";
import type { SourceItem } from "./source-item";

const item = (over: Partial<SourceItem> = {}): SourceItem => ({
  sourceId: "wp:1",
  kind: "post",
  isPage: false,
  title: "On queues",
  slug: "on-queues",
  excerpt: null,
  body: { format: "markdown", markdown: "" },
  status: "published",
  publishedAt: new Date("2019-05-01T10:00:00Z"),
  updatedAt: null,
  terms: ["Life", "Waiting"],
  cover: null,
  oldPaths: [],
  dropped: [],
  ...over,
});

const options: ImportOptions = {
  defaultCategory: "Meh Moments",
  categories: { Waiting: "Waiting Room Diaries" },
  keepPublished: false,
  includePages: false,
};

const prepared = (result: ReturnType<typeof preparePost>) => {
  if ("refused" in result) throw new Error(result.refused);
  return result.post;
};

describe("preparePost", () => {
  it("takes the source's slug and excerpt, and the category of the first term the owner mapped", () => {
    const post = prepared(preparePost(item({ excerpt: "  A line\nabout queues. " }), "Words.", options));
    expect(post).toEqual({
      title: "On queues",
      slug: "on-queues",
      excerpt: "A line about queues.",
      content: "Words.",
      category: "Waiting Room Diaries",
      notes: [],
    });
    expect(prepared(preparePost(item({ terms: ["Life"] }), "Words.", options)).category).toBe("Meh Moments");
  });

  it("makes an excerpt from the body's words when the source has none, and a slug from the title", () => {
    const post = prepared(
      preparePost(
        item({ slug: "", title: "Ça va, Queue?" }),
        "## Heading\n\nSome *plain* words[^1].\n\n[^1]: A note.",
        options,
      ),
    );
    expect(post.slug).toBe("ca-va-queue");
    expect(post.excerpt).toMatch(/^Heading\s+Some plain words1/);
    expect(post.excerpt).not.toMatch(/[*#[]/);
  });

  it("shortens a title past the post's limit at a word, and says so", () => {
    const post = prepared(preparePost(item({ title: "word ".repeat(100) }), "x", options));
    expect(post.title.length).toBeLessThanOrEqual(POST_LIMITS.title);
    expect(post.title).toMatch(/word…$/);
    expect(post.notes).toEqual(["title shortened to 200 characters"]);
  });

  it("refuses a body longer than a post may hold, saying how long", () => {
    expect(preparePost(item(), "x".repeat(POST_LIMITS.content + 1), options)).toEqual({
      refused: "its body is 100,001 characters of Markdown, more than the 100,000 a post may hold",
    });
  });
});

describe("importedPublication", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("makes everything a draft, with its old date, unless published is kept published", () => {
    expect(importedPublication(item(), options, now)).toEqual({
      status: "draft",
      publishedAt: new Date("2019-05-01T10:00:00Z"),
      lateSeconds: null,
    });
    const keep = { ...options, keepPublished: true };
    expect(importedPublication(item(), keep, now).status).toBe("published");
    expect(importedPublication(item({ status: "draft" }), keep, now).status).toBe("draft");
    const future = new Date("2027-01-01T00:00:00Z");
    expect(importedPublication(item({ status: "scheduled", publishedAt: future }), keep, now)).toEqual({
      status: "scheduled",
      publishedAt: future,
      lateSeconds: null,
    });
    expect(importedPublication(item({ status: "scheduled" }), keep, now).status).toBe("published");
    expect(importedPublication(item({ publishedAt: null }), options, now).publishedAt).toBe(now);
  });
});

describe("suggestedCategory", () => {
  it("matches a term to one of the four by its name alone", () => {
    expect(suggestedCategory("meh-moments")).toBe("Meh Moments");
    expect(suggestedCategory("Waiting room diaries")).toBe("Waiting Room Diaries");
    expect(suggestedCategory("Uncategorized")).toBeNull();
  });
});
