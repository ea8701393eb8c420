import { describe, expect, it } from "vitest";
import type { PostRow } from "@/modules/posts/posts.server";
import type { VideoRow } from "@/modules/videos/videos.server";
import { escapeXml } from "@/lib/escape-xml";
import { pagefindPage } from "./pagefind-page";
import { postRecord, videoRecord } from "./search-records";

const published = new Date("2026-03-04T05:06:07.000Z");
const post: PostRow = {
  id: 7,
  slug: "the-queue-moved",
  title: "The Queue Moved",
  excerpt: "By one person.",
  content: "First paragraph.\n\nSecond paragraph.",
  format: "plain",
  imageUrl: "/uploads/queue.jpg",
  imageAlt: "A queue of four people, one of them moving.",
  imageDecorative: false,
  category: "Waiting Room Diaries",
  mehRating: 2,
  existentialEcho: "We are all in a queue.",
  soundtrackPotential: null,
  emotionalTexture: "Beige.",
  readTime: 1,
  status: "published",
  publishedAt: published,
  lateSeconds: null,
  updatedAt: published,
  featured: false,
};

describe("search records", () => {
  it("index a post's article words, with its card as metadata and kind and category as filters", () => {
    const record = postRecord(post);
    expect(record).toMatchObject({
      url: "/post/the-queue-moved",
      language: "en",
      filters: { kind: ["post"], category: ["Waiting Room Diaries"] },
      sort: { published: "2026-03-04T05:06:07.000Z" },
      meta: { title: "The Queue Moved", image: "/uploads/queue.jpg" },
    });
    expect(record.content).toBe(
      "The Queue Moved\n\nBy one person.\n\nFirst paragraph.\n\nSecond paragraph.\n\nWe are all in a queue.\n\nBeige.",
    );
    // The card is what the listings draw, without the body.
    expect(JSON.parse(record.meta.card)).toEqual({
      id: 7,
      slug: "the-queue-moved",
      title: "The Queue Moved",
      excerpt: "By one person.",
      imageUrl: "/uploads/queue.jpg",
      category: "Waiting Room Diaries",
      mehRating: 2,
      readTime: 1,
      publishedAt: "2026-03-04T05:06:07.000Z",
      featured: false,
    });
  });

  it("index a Markdown post's words as its page shows them, never its markup or its links' addresses", () => {
    const record = postRecord({
      ...post,
      content: "## Queues\n\nA *long* [queue](https://example.com/q).[^1]\n\n[^1]: It moved.",
      format: "markdown",
    });
    expect(record.content).toContain("Queues\n\nA long queue.1\n\nIt moved.");
    expect(record.content).not.toMatch(/[#*[\]]|example\.com/);
  });

  it("index a video's title and description under its own page", () => {
    const record = videoRecord({
      id: 3,
      slug: "a-fan-rotating",
      title: "A Fan, Rotating",
      description: "It turns. It turns back.",
      videoUrl: "/uploads/fan.mp4",
      thumbnailUrl: "/uploads/fan.jpg",
      duration: 7,
      category: "Meh Moments",
      mehRating: 3,
      existentialEcho: null,
      soundtrackPotential: null,
      emotionalTexture: null,
      publishedAt: published,
      featured: false,
    } as VideoRow);
    expect(record).toMatchObject({
      url: "/videos/a-fan-rotating",
      content: "A Fan, Rotating\n\nIt turns. It turns back.",
      meta: { title: "A Fan, Rotating", image: "/uploads/fan.jpg" },
      filters: { kind: ["video"], category: ["Meh Moments"] },
    });
    expect(JSON.parse(record.meta.card)).toMatchObject({ id: 3, thumbnailUrl: "/uploads/fan.jpg", duration: 7 });
  });

  it("index what a video's captions say, each line as a page's anchor named for its moment", () => {
    const kettle = {
      id: 4,
      slug: "kettle",
      title: "Kettle <3",
      description: "It boils.\n\nEventually.",
      videoUrl: "/uploads/kettle.mp4",
      thumbnailUrl: "/uploads/kettle.jpg",
      duration: 800,
      category: "Meh Moments",
      mehRating: 3,
      publishedAt: published,
    } as VideoRow;
    const record = videoRecord(kettle, [{ start: 754.5, end: 758, text: 'It "whistles" & stops.' }]);
    expect(record.said).toEqual([{ start: 754.5, text: 'It "whistles" & stops.' }]);
    const html = pagefindPage(record);
    expect(html).toContain("<p>Kettle &lt;3</p><p>It boils.</p><p>Eventually.</p>");
    expect(html).toContain('<p id="t=754">It &quot;whistles&quot; &amp; stops.</p>');
    // The card travels whole in one attribute, its quotes escaped.
    expect(html).toContain(`data-card="${escapeXml(record.meta.card)}"`);
    expect(html).toContain('data-kind="video" data-category="Meh Moments" data-published="2026-03-04T05:06:07.000Z"');
    // A video with nothing said stays a plain record.
    expect(videoRecord(kettle).said).toBeUndefined();
  });
});
