import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderFiles, writeZip } from "../../../../tests/setup/zip-files.ts";
import type { ExportReader, SourceItem } from "../source-item";
import { openMediumExport } from "./medium.server";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/medium");
const PUBLISHED = "posts/2019-05-01_A-Field-Guide-to-Waiting-Rooms-1a2b3c4d5e6f.html";
const DRAFT = "posts/draft_Notes-on-a-Bus-That-Did-Not-Come-9f8e7d6c5b4a.html";

let dir: string;
let fixtureZip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "medium-"));
  fixtureZip = path.join(dir, "medium-export.zip");
  await writeZip(fixtureZip, await folderFiles(FIXTURE));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function zipOf(name: string, files: Record<string, string>): Promise<string> {
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
  const reader = await openMediumExport(file);
  try {
    return await readAll(reader);
  } finally {
    await reader.close();
  }
}

/** The story's body as the fixture writes it: everything inside its `e-content` section. */
async function bodyOf(file: string): Promise<string> {
  const html = await readFile(path.join(FIXTURE, file), "utf8");
  const start = html.indexOf('class="e-content">') + 'class="e-content">'.length;
  return html.slice(start, html.lastIndexOf("</section>\n<footer>"));
}

const story = (name: string, body: string, footer = "") =>
  `<html><body><article><header><h1 class="p-name">${name}</h1></header><section data-field="body" class="e-content">${body}</section><footer>${footer}</footer></article></body></html>`;

describe("openMediumExport", () => {
  it("reads each story and draft with its fields, and leaves the account's other folders alone", async () => {
    const reader = await openMediumExport(fixtureZip);
    try {
      expect(reader.kind).toBe("medium");
      expect(reader.siteUrl).toBeNull();
      const items = await readAll(reader);
      expect(items).toEqual([
        {
          sourceId: "medium:1a2b3c4d5e6f",
          kind: "post",
          isPage: false,
          title: "A Field Guide to Waiting Rooms",
          slug: "a-field-guide-to-waiting-rooms",
          excerpt: "Magazines from 2011, and a plant nobody waters",
          body: { format: "html", flavor: "medium", html: await bodyOf(PUBLISHED) },
          status: "published",
          publishedAt: new Date("2019-05-01T10:00:00.000Z"),
          updatedAt: null,
          terms: [],
          cover: null,
          oldPaths: ["/@adameh/a-field-guide-to-waiting-rooms-1a2b3c4d5e6f", "/p/1a2b3c4d5e6f"],
          dropped: [],
        },
        {
          sourceId: "medium:9f8e7d6c5b4a",
          kind: "post",
          isPage: false,
          title: "Notes on a Bus That Did Not Come",
          slug: "notes-on-a-bus-that-did-not-come",
          excerpt: null,
          body: { format: "html", flavor: "medium", html: await bodyOf(DRAFT) },
          status: "draft",
          publishedAt: null,
          updatedAt: null,
          terms: [],
          cover: null,
          oldPaths: ["/p/9f8e7d6c5b4a"],
          dropped: [],
        },
      ]);
      expect(JSON.stringify(items[0]?.body)).toContain('<figcaption class=\\"imageCaption\\">The plant');
      expect(reader.skipped()).toEqual({});
      expect(await readAll(reader)).toEqual(items);
      expect(await reader.openMedia("https://cdn-images-1.medium.com/max/800/1*Xy3kLmNoPq9RsTuVwXyZ.jpeg")).toBeNull();
    } finally {
      await reader.close();
    }
  });

  it("finds the stories inside the one folder the zip wraps around them", async () => {
    const file = await zipOf("wrapped.zip", {
      "medium-export-abc/README.html": "<p>Your data</p>",
      "medium-export-abc/posts/2020-01-01_Hi-0a1b2c3d4e5f.html": story("Hi", "<p>Hello</p>"),
    });
    expect(await itemsOf(file)).toMatchObject([{ sourceId: "medium:0a1b2c3d4e5f", slug: "hi", title: "Hi" }]);
  });

  it("refuses a zip that is not a Medium export", async () => {
    await expect(openMediumExport(await zipOf("none.zip", { "posts.csv": "post_id\n" }))).rejects.toThrow(
      "Not a Medium export: the zip has no posts folder of HTML stories.",
    );
    const bodyless = await zipOf("bodyless.zip", { "posts/2020-01-01_X-0a1b2c3d4e5f.html": "<p>Just a page</p>" });
    await expect(itemsOf(bodyless)).rejects.toThrow(
      "Not a Medium export: posts/2020-01-01_X-0a1b2c3d4e5f.html has no story body.",
    );
  });

  it("refuses a 10 MB title, a long title and dates outside 1970 to 2100, naming the story", async () => {
    const one = (title: string, datetime: string) =>
      zipOf(`${datetime}.zip`, {
        "posts/2020-01-01_X-0a1b2c3d4e5f.html": story(
          title,
          "<p>Body</p>",
          `<time class="dt-published" datetime="${datetime}">then</time>`,
        ),
      });
    // A story's page holds its title, so a 10 MB title makes a page past the 5 MB a page may be.
    await expect(itemsOf(await one("T".repeat(10 * 1024 ** 2), "2020-01-01T00:00:00Z"))).rejects.toThrow(
      /^2020-01-01_X-0a1b2c3d4e5f\.html: its file posts\/2020-01-01_X-0a1b2c3d4e5f\.html is 10485\d{3} bytes, more than the 5242880 allowed\.$/,
    );
    await expect(itemsOf(await one("T".repeat(1001), "2020-01-01T00:00:00Z"))).rejects.toThrow(
      "medium:0a1b2c3d4e5f: its title is 1001 characters, more than the 1000 allowed.",
    );
    await expect(itemsOf(await one("Old", "0001-01-01T00:00:00Z"))).rejects.toThrow(
      "Old: its publication date falls in 1, outside 1970 to 2100.",
    );
    await expect(itemsOf(await one("Late", "9999-01-01T00:00:00Z"))).rejects.toThrow(
      "Late: its publication date falls in 9999, outside 1970 to 2100.",
    );
  });
});
