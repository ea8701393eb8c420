import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { folderFiles, writeZip } from "../../../../tests/setup/zip-files.ts";
import { ExportZip } from "../export-zip.server";
import type { ExportReader, SourceItem } from "../source-item";
import { openSubstackExport } from "./substack.server";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/substack");
const HEADER = "post_id,post_date,is_published,email_sent_at,inbox_sent_at,type,audience,title,subtitle,podcast_url";

let dir: string;
let fixtureZip: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "substack-"));
  fixtureZip = path.join(dir, "export.zip");
  // Substack's download is named after the publication and unpacks into a folder of that name.
  await writeZip(fixtureZip, await folderFiles(FIXTURE, "mehletter-export/"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Stored, not deflated: a 10 MB run of one letter deflates as a zip bomb does, and is refused as one.
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
  const reader = await openSubstackExport(file);
  try {
    return await readAll(reader);
  } finally {
    await reader.close();
  }
}

const QUEUE_HTML = (await folderFiles(FIXTURE)).get("posts/101234567.the-queue-at-the-post-office.html")?.toString();

describe("openSubstackExport", () => {
  it("reads every post, podcast and draft with its fields, and counts what it skips", async () => {
    const reader = await openSubstackExport(fixtureZip);
    try {
      expect(reader.kind).toBe("substack");
      expect(reader.siteUrl).toBeNull();
      const items = await readAll(reader);
      expect(items.map((item) => item.sourceId)).toEqual([
        "substack:101234567",
        "substack:101234568",
        "substack:101234571",
      ]);
      expect(items[0]).toEqual({
        sourceId: "substack:101234567",
        kind: "post",
        isPage: false,
        title: "The queue at the post office, reconsidered",
        slug: "the-queue-at-the-post-office",
        excerpt: "Forty minutes of nothing in particular",
        body: { format: "html", flavor: "substack", html: QUEUE_HTML },
        status: "published",
        publishedAt: new Date("2021-03-04T09:15:00.000Z"),
        updatedAt: null,
        terms: [],
        cover: null,
        oldPaths: ["/p/the-queue-at-the-post-office"],
        dropped: [],
      });
      expect(items[1]).toMatchObject({
        title: "Lukewarm tea (audio)",
        slug: "lukewarm-tea-audio",
        excerpt: "A reading of the March issue",
        status: "published",
        publishedAt: new Date("2021-04-01T18:00:00.000Z"),
        oldPaths: ["/p/lukewarm-tea-audio"],
        dropped: ["podcast audio", "its paid-subscribers-only audience"],
      });
      expect(items[1]?.body).toMatchObject({ format: "html", flavor: "substack" });
      expect(items[2]).toMatchObject({
        title: "A half-written draft",
        slug: "a-half-written-draft",
        excerpt: null,
        status: "draft",
        publishedAt: null,
        isPage: false,
        dropped: [],
      });
      expect(reader.skipped()).toEqual({ threads: 1, "pages (not asked for)": 1, "posts without a body": 1 });
      expect(await reader.openMedia("https://substackcdn.com/image/fetch/a.jpeg")).toBeNull();
    } finally {
      await reader.close();
    }
  });

  it("takes pages only when asked, and reads the same twice", async () => {
    const reader = await openSubstackExport(fixtureZip, { includePages: true });
    try {
      const first = await readAll(reader);
      const page = first.find((item) => item.isPage);
      expect(page).toMatchObject({
        sourceId: "substack:101234570",
        title: "About this newsletter",
        oldPaths: ["/p/about"],
      });
      expect(reader.skipped()).toEqual({ threads: 1, "posts without a body": 1 });
      expect(await readAll(reader)).toEqual(first);
      expect(reader.skipped()).toEqual({ threads: 1, "posts without a body": 1 });
    } finally {
      await reader.close();
    }
  });

  it("never opens the subscriber list or a post's opens and deliveries", async () => {
    const text = vi.spyOn(ExportZip.prototype, "text");
    const stream = vi.spyOn(ExportZip.prototype, "stream");
    try {
      const items = await itemsOf(fixtureZip);
      const opened = [...text.mock.calls, ...stream.mock.calls].map(([file]) => file);
      expect(opened.length).toBeGreaterThan(0);
      expect(opened.filter((file) => /email_list|\.opens\.csv|\.delivers\.csv/.test(file))).toEqual([]);
      expect(JSON.stringify(items)).not.toContain("reader.one@example.com");
    } finally {
      text.mockRestore();
      stream.mockRestore();
    }
  });

  it("refuses a zip that is not a Substack export", async () => {
    await expect(openSubstackExport(await zipOf("none.zip", { "notes.txt": "hi" }))).rejects.toThrow(
      "Not a Substack export: the zip has no posts.csv.",
    );
    const columns = await zipOf("columns.zip", { "posts.csv": "id,name\n1,a\n" });
    await expect(openSubstackExport(columns)).rejects.toThrow(
      "Not a Substack export: posts.csv has no post_id, post_date, is_published, title column.",
    );
  });

  it("refuses a 10 MB title and dates outside 1970 to 2100, naming the item", async () => {
    const post = (id: string, date: string, title: string) =>
      zipOf(`${id}.zip`, {
        "posts.csv": `${HEADER}\n${id}.x,${date},true,,,newsletter,everyone,${title},,\n`,
        [`posts/${id}.x.html`]: "<p>Hi</p>",
      });
    await expect(itemsOf(await post("1", "2021-01-01", "T".repeat(10 * 1024 ** 2)))).rejects.toMatchObject({
      message: "substack:1: its title is 10485760 characters, more than the 1000 allowed.",
      field: "export",
    });
    await expect(itemsOf(await post("2", "0001-01-01T00:00:00.000Z", "Old"))).rejects.toThrow(
      "Old: its post_date falls in 1, outside 1970 to 2100.",
    );
    await expect(itemsOf(await post("3", "9999-12-31T00:00:00.000Z", "Late"))).rejects.toThrow(
      "Late: its post_date falls in 9999, outside 1970 to 2100.",
    );
    await expect(itemsOf(await post("4", "last Tuesday", "When"))).rejects.toThrow(
      'When: its post_date "last Tuesday" is not a date.',
    );
  });

  it("refuses a posts.csv over 50 MB before reading it", async () => {
    const file = await zipOf("huge-csv.zip", { "posts.csv": `${HEADER}\n${"x".repeat(50 * 1024 ** 2)}\n` });
    await expect(openSubstackExport(file)).rejects.toThrow(
      /^posts\.csv is 52428\d{3} bytes, more than the 52428800 it may be\.$/,
    );
  });

  it("refuses a post whose HTML file is over 5 MB", async () => {
    const file = await zipOf("big.zip", {
      "posts.csv": `${HEADER}\n5.big,2021-01-01,true,,,newsletter,everyone,Big,,\n`,
      "posts/5.big.html": `<p>${"a".repeat(5 * 1024 ** 2)}</p>`,
    });
    await expect(itemsOf(file)).rejects.toThrow(/^Big: its file posts\/5\.big\.html is 5242887 bytes/);
  });
});
