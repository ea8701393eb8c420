import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderFiles, writeZip } from "../../../../tests/setup/zip-files.ts";
import { ARCHIVE_FORMAT } from "@/modules/archive/archive-format";
import { postMarkdown, videoMarkdown } from "@/modules/archive/item-files";
import type { ExportReader, SourceItem } from "../source-item";
import { openMarkdownExport } from "./markdown-folder.server";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/markdown");
const CHAIR = await readFile(path.join(FIXTURES, "jekyll/assets/images/chair.png"));
const COVER = await readFile(path.join(FIXTURES, "hugo/content/posts/first-light/cover.jpg"));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "markdown-export-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fixtureZip(name: string, prefix = ""): Promise<string> {
  const file = path.join(dir, `${name}-${prefix.replace("/", "")}.zip`);
  await writeZip(file, await folderFiles(path.join(FIXTURES, name), prefix));
  return file;
}

// Stored, not deflated: a 10 MB run of one letter deflates as a zip bomb does, and is refused as one.
async function zipOf(name: string, files: Record<string, string | Buffer>): Promise<string> {
  const file = path.join(dir, name);
  await writeZip(file, new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])), false);
  return file;
}

async function readAll(reader: ExportReader): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of reader.items()) items.push(item);
  return items;
}

async function itemsOf(file: string): Promise<SourceItem[]> {
  const reader = await openMarkdownExport(file);
  try {
    return await readAll(reader);
  } finally {
    await reader.close();
  }
}

async function bytesOf(reader: ExportReader, ref: string): Promise<Buffer | null> {
  const medium = await reader.openMedia(ref);
  if (!medium) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of medium.stream) chunks.push(chunk as Buffer);
  expect(medium.size).toBe(Buffer.concat(chunks).length);
  return Buffer.concat(chunks);
}

const post = (fields: Partial<SourceItem>): SourceItem => ({
  sourceId: "",
  kind: "post",
  isPage: false,
  title: "",
  slug: "",
  excerpt: null,
  body: { format: "markdown", markdown: "" },
  status: "published",
  publishedAt: null,
  updatedAt: null,
  terms: [],
  cover: null,
  oldPaths: [],
  dropped: [],
  ...fields,
});

describe("openMarkdownExport: Jekyll", () => {
  it("reads posts and drafts with Jekyll's fields, Liquid made Markdown, refs to the zip's files", async () => {
    const reader = await openMarkdownExport(await fixtureZip("jekyll"));
    try {
      expect(reader.kind).toBe("markdown");
      expect(reader.flavor).toBe("jekyll");
      const items = await readAll(reader);
      expect(items).toEqual([
        post({
          sourceId: "md:_drafts/a-thought.md",
          title: "A Thought, Unfinished",
          slug: "a-thought",
          body: { format: "markdown", markdown: "It had something to do with the bus." },
          status: "draft",
        }),
        post({
          sourceId: "md:_posts/2019-05-01-the-long-wait.md",
          title: "The Long Wait",
          slug: "the-long-wait",
          excerpt: "On kettles, and other things that take their time.",
          body: {
            format: "markdown",
            markdown: [
              "The kettle took its time.",
              "",
              "![A chair by the window](assets/images/chair.png)",
              "",
              "```ruby",
              "wait until: :boiled",
              "```",
              "",
              "Here is [the same chair](assets/images/chair.png) again, and",
              "[a page elsewhere](https://example.com/kettles).",
            ].join("\n"),
          },
          publishedAt: new Date("2019-05-01T00:00:00.000Z"),
          terms: ["Life", "Waiting", "queues", "kettles"],
          cover: { ref: "assets/images/chair.png", alt: null },
          oldPaths: ["/old/the-long-wait/", "/life/waiting/2019/05/01/the-long-wait/"],
          dropped: ['the Liquid tag "include"'],
        }),
        post({
          sourceId: "md:_posts/2020-02-02-not-yet.md",
          title: "Not Yet",
          slug: "not-yet",
          body: { format: "markdown", markdown: "Almost said something." },
          status: "draft",
          publishedAt: new Date("2020-02-03T08:30:00.000Z"),
          terms: ["drafts", "unfinished"],
          oldPaths: ["/custom/not-yet/"],
        }),
      ]);
      expect(reader.skipped()).toEqual({ "pages (not asked for)": 1 });
      expect(await bytesOf(reader, "assets/images/chair.png")).toEqual(CHAIR);
      expect(await bytesOf(reader, "assets/images/missing.png")).toBeNull();
      expect(await readAll(reader)).toEqual(items);
      expect(reader.skipped()).toEqual({ "pages (not asked for)": 1 });
    } finally {
      await reader.close();
    }
  });

  it("takes the site's pages when asked", async () => {
    const reader = await openMarkdownExport(await fixtureZip("jekyll"), { includePages: true });
    try {
      const pages = (await readAll(reader)).filter((item) => item.isPage);
      expect(pages).toEqual([
        post({
          sourceId: "md:about.md",
          isPage: true,
          title: "About",
          slug: "about",
          body: { format: "markdown", markdown: "Someone who waits, and writes about it." },
          oldPaths: ["/about/"],
        }),
      ]);
      expect(reader.skipped()).toEqual({});
    } finally {
      await reader.close();
    }
  });
});

describe("openMarkdownExport: Hugo", () => {
  it("reads a page bundle inside the zip's one folder, its shortcodes made Markdown or named", async () => {
    const reader = await openMarkdownExport(await fixtureZip("hugo", "first-light-site/"));
    try {
      expect(reader.flavor).toBe("hugo");
      expect(await readAll(reader)).toEqual([
        post({
          sourceId: "md:content/posts/first-light/index.md",
          title: "First Light",
          slug: "first-light",
          excerpt: "The sun came up, as is its habit.",
          body: {
            format: "markdown",
            markdown: [
              '![Morning](content/posts/first-light/cover.jpg "The window")',
              "",
              "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
              "",
              '![A kettle](/images/missing.png "The \\"famous\\" kettle")',
              "",
              "The kettle was not famous.",
              "",
              "```go-html-template",
              "{{< youtube dQw4w9WgXcQ >}}",
              "```",
              "",
              'Inline code keeps `{{< figure src="x.png" >}}` as written.',
            ].join("\n"),
          },
          publishedAt: new Date("2021-06-21T03:00:00.000Z"),
          updatedAt: new Date("2021-06-22T07:30:00.000Z"),
          terms: ["Mornings", "light", "kettles"],
          cover: { ref: "content/posts/first-light/cover.jpg", alt: "A window at dawn" },
          oldPaths: ["/2021/06/first-light/", "/first-light-old", "/posts/first-light/"],
          dropped: ['the "notice" shortcode', 'the "tweet" shortcode'],
        }),
        post({
          sourceId: "md:content/posts/second-thoughts.md",
          title: "Second Thoughts",
          slug: "second",
          excerpt: "Thinking it over again.",
          body: { format: "markdown", markdown: "On reflection, it was fine." },
          status: "draft",
          publishedAt: new Date("2021-07-01T00:00:00.000Z"),
          terms: ["Diary"],
          oldPaths: ["/custom/second/"],
        }),
      ]);
      expect(reader.skipped()).toEqual({
        "Hugo section list pages": 2,
        "pages (not asked for)": 1,
        "files with TOML front matter": 1,
      });
      expect(await bytesOf(reader, "content/posts/first-light/cover.jpg")).toEqual(COVER);
    } finally {
      await reader.close();
    }
  });
});

describe("openMarkdownExport: Bear", () => {
  it("reads Bear's header fields, and its pages only when asked", async () => {
    const file = await fixtureZip("bear");
    const hello = post({
      sourceId: "md:hello-bear.md",
      title: "Hello, Bear",
      slug: "hello",
      excerpt: "The first post on a small blog.",
      body: { format: "markdown", markdown: "A small blog, for small things." },
      publishedAt: new Date("2023-06-01T14:00:00.000Z"),
      terms: ["meh", "small things"],
      cover: { ref: "https://bear-images.sfo2.cdn.digitaloceanspaces.com/meh/cover.png", alt: null },
      oldPaths: ["/old-hello", "/hello/"],
    });
    const reader = await openMarkdownExport(file);
    try {
      expect(reader.flavor).toBe("bear");
      expect(await readAll(reader)).toEqual([hello]);
      expect(reader.skipped()).toEqual({ "pages (not asked for)": 1 });
    } finally {
      await reader.close();
    }
    const withPages = await openMarkdownExport(file, { includePages: true });
    try {
      expect(await readAll(withPages)).toEqual([
        hello,
        post({
          sourceId: "md:now.md",
          isPage: true,
          title: "Now",
          slug: "now",
          body: { format: "markdown", markdown: "Waiting for the kettle." },
          publishedAt: new Date("2023-06-02T09:00:00.000Z"),
          oldPaths: ["/now/"],
        }),
      ]);
    } finally {
      await withPages.close();
    }
  });
});

describe("openMarkdownExport: Astro and plain folders", () => {
  it("removes MDX imports and components, naming them, and reads Astro's fields", async () => {
    const file = await zipOf("astro.zip", {
      "astro.config.mjs": "export default {};",
      "src/assets/hero.jpg": COVER,
      "src/content/blog/on-hold.mdx": [
        "---",
        "title: On Hold",
        "pubDate: 2024-03-01",
        "updatedDate: 2024-03-02",
        "heroImage: ../../assets/hero.jpg",
        "---",
        "import YouTube from '../../components/YouTube.astro';",
        "",
        "Your call is important to us.",
        "",
        '<YouTube id="dQw4w9WgXcQ" />',
        "",
        "<Aside>Hold music plays.</Aside>",
      ].join("\n"),
    });
    const reader = await openMarkdownExport(file);
    try {
      expect(reader.flavor).toBe("astro");
      expect(await readAll(reader)).toEqual([
        post({
          sourceId: "md:src/content/blog/on-hold.mdx",
          title: "On Hold",
          slug: "on-hold",
          body: { format: "markdown", markdown: "Your call is important to us.\n\nHold music plays." },
          publishedAt: new Date("2024-03-01T00:00:00.000Z"),
          updatedAt: new Date("2024-03-02T00:00:00.000Z"),
          cover: { ref: "src/assets/hero.jpg", alt: null },
          dropped: ["an MDX import line", "the <YouTube> component", "the <Aside> component"],
        }),
      ]);
      expect(await bytesOf(reader, "src/assets/hero.jpg")).toEqual(COVER);
    } finally {
      await reader.close();
    }
  });

  it("titles a plain note by its first heading, else its file name", async () => {
    const file = await zipOf("notes.zip", {
      "notes/Waiting Room.md": "# In the waiting room\n\nA plant nobody waters.\n",
      "notes/untitled thoughts.md": "Just words.\n",
      "notes/.obsidian/app.json": "{}",
    });
    const reader = await openMarkdownExport(file);
    try {
      expect(reader.flavor).toBe("plain");
      expect(await readAll(reader)).toEqual([
        post({
          sourceId: "md:notes/Waiting Room.md",
          title: "In the waiting room",
          slug: "waiting-room",
          body: { format: "markdown", markdown: "A plant nobody waters." },
        }),
        post({
          sourceId: "md:notes/untitled thoughts.md",
          title: "untitled thoughts",
          slug: "untitled-thoughts",
          body: { format: "markdown", markdown: "Just words." },
        }),
      ]);
    } finally {
      await reader.close();
    }
  });
});

describe("openMarkdownExport: this site's archive", () => {
  const published = "2026-01-02T03:04:05.678901+00:00";
  const archive = {
    "manifest.json": JSON.stringify({ format: ARCHIVE_FORMAT, formatVersion: 1 }),
    "README.md": "# Site archive\n",
    "revisions.jsonl": "{}\n",
    "uploads/images/cover.webp": CHAIR,
    "uploads/videos/queue.mp4": COVER,
    "posts/a-field-guide.md": postMarkdown(
      {
        id: 7,
        slug: "a-field-guide",
        title: "A Field Guide",
        excerpt: "Puddles, mostly.",
        content: "Step *around* them.\n\n![A puddle](/uploads/images/cover.webp)",
        format: "markdown",
        image_url: "/uploads/images/cover.webp",
        image_alt: "A puddle",
        image_decorative: false,
        category: "everyday",
        meh_rating: 4,
        existential_echo: "Puddles are mirrors.",
        status: "published",
        published_at: published,
        updated_at: published,
        featured: true,
      },
      [{ id: 1, post_id: 7, image_url: "/uploads/images/cover.webp", description: "A puddle", caption: null }],
    ),
    "posts/plain-old.md": postMarkdown(
      {
        slug: "plain-old",
        title: "Plain Old",
        excerpt: "",
        content: "One line.\n# Not a heading",
        format: "plain",
        image_url: "/images/placeholder.svg",
        category: "everyday",
        meh_rating: 3,
        status: "draft",
        published_at: published,
        updated_at: published,
      },
      [],
    ),
    "videos/the-queue.md": videoMarkdown({
      slug: "the-queue",
      title: "The Queue",
      description: "Forty minutes.\nIn real time.",
      video_url: "/uploads/videos/queue.mp4",
      thumbnail_url: "/uploads/images/cover.webp",
      captions_url: null,
      duration: 2400,
      category: "everyday",
      meh_rating: 3,
      status: "scheduled",
      published_at: published,
      updated_at: published,
    }),
  };

  it("maps the archive's columns to items, and opens its uploads by their site paths", async () => {
    const reader = await openMarkdownExport(await zipOf("archive.zip", archive));
    try {
      expect(reader.kind).toBe("archive");
      expect(reader.flavor).toBe("archive");
      const at = new Date("2026-01-02T03:04:05.678Z");
      expect(await readAll(reader)).toEqual([
        post({
          sourceId: "archive:post:a-field-guide",
          title: "A Field Guide",
          slug: "a-field-guide",
          excerpt: "Puddles, mostly.",
          body: { format: "markdown", markdown: "Step *around* them.\n\n![A puddle](/uploads/images/cover.webp)" },
          publishedAt: at,
          updatedAt: at,
          terms: ["everyday"],
          cover: { ref: "/uploads/images/cover.webp", alt: "A puddle" },
          dropped: ["its meh rating and analysis", "1 gallery image", "its featured mark"],
        }),
        post({
          sourceId: "archive:post:plain-old",
          title: "Plain Old",
          slug: "plain-old",
          body: { format: "markdown", markdown: "One line.\n\n\\# Not a heading" },
          status: "draft",
          publishedAt: at,
          updatedAt: at,
          terms: ["everyday"],
        }),
        post({
          sourceId: "archive:video:the-queue",
          kind: "video",
          title: "The Queue",
          slug: "the-queue",
          body: { format: "markdown", markdown: "Forty minutes.\n\nIn real time." },
          status: "scheduled",
          publishedAt: at,
          updatedAt: at,
          terms: ["everyday"],
          video: {
            file: "/uploads/videos/queue.mp4",
            poster: "/uploads/images/cover.webp",
            captions: null,
            durationSeconds: 2400,
          },
        }),
      ]);
      expect(reader.skipped()).toEqual({});
      expect(await bytesOf(reader, "/uploads/images/cover.webp")).toEqual(CHAIR);
      expect(await bytesOf(reader, "/uploads/videos/queue.mp4")).toEqual(COVER);
      expect(await bytesOf(reader, "/uploads/images/gone.webp")).toBeNull();
    } finally {
      await reader.close();
    }
  });

  it("refuses an archive in a newer format than the site reads", async () => {
    const file = await zipOf("newer.zip", {
      ...archive,
      "manifest.json": JSON.stringify({ format: ARCHIVE_FORMAT, formatVersion: 99 }),
    });
    await expect(openMarkdownExport(file)).rejects.toThrow(/format 99, newer than this version of the site reads/);
  });
});

describe("openMarkdownExport: hostile input", () => {
  const note = (name: string, front: string) =>
    zipOf(name, { "_posts/2020-01-01-x.md": `---\n${front}\n---\nBody.\n` });

  it("refuses a zip with no Markdown files", async () => {
    await expect(openMarkdownExport(await zipOf("none.zip", { "a.txt": "hi", "b.html": "<p>hi</p>" }))).rejects.toThrow(
      "Not a Markdown export: the zip holds no Markdown files (.md, .markdown or .mdx).",
    );
  });

  it("refuses a 10 MB title, a long one, and dates outside 1970 to 2100, naming the file", async () => {
    await expect(itemsOf(await note("huge.zip", `title: ${"T".repeat(10 * 1024 ** 2)}`))).rejects.toThrow(
      /^_posts\/2020-01-01-x\.md: its file _posts\/2020-01-01-x\.md is 1048\d{4} bytes, more than the 5242880 allowed\.$/,
    );
    await expect(itemsOf(await note("long.zip", `title: ${"T".repeat(1001)}`))).rejects.toThrow(
      "md:_posts/2020-01-01-x.md: its title is 1001 characters, more than the 1000 allowed.",
    );
    await expect(itemsOf(await note("old.zip", "title: Old\ndate: 0001-01-01"))).rejects.toThrow(
      "Old: its date falls in 1, outside 1970 to 2100.",
    );
    await expect(itemsOf(await note("late.zip", "title: Late\ndate: 9999-12-31"))).rejects.toThrow(
      "Late: its date falls in 9999, outside 1970 to 2100.",
    );
    await expect(itemsOf(await note("when.zip", "title: When\nlastmod: someday"))).rejects.toThrow(
      'When: its update date "someday" is not a date.',
    );
  });

  it("refuses front matter that is not YAML, and a billion laughs", async () => {
    await expect(itemsOf(await note("broken.zip", "title: [unclosed"))).rejects.toThrow(
      /^_posts\/2020-01-01-x\.md: its front matter cannot be read/,
    );
    const laughs = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 12; i++)
      laughs.push(
        `${"abcdefghijkl"[i] ?? ""}: &${"abcdefghijkl"[i] ?? ""} [${Array(10)
          .fill(`*${"abcdefghijkl"[i - 1] ?? ""}`)
          .join(", ")}]`,
      );
    await expect(itemsOf(await note("laughs.zip", laughs.join("\n")))).rejects.toThrow(/front matter cannot be read/);
  });
});
