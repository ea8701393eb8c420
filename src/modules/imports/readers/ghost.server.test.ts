import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderFiles, writeZip } from "../../../../tests/setup/zip-files.ts";
import type { ExportReader, SourceItem } from "../source-item";
import { openGhostExport } from "./ghost.server";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/ghost");
const IMAGE = "/content/images/2023/04/lift-buttons.jpg";

let dir: string;
let zipped: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ghost-"));
  zipped = path.join(dir, "ghost.zip");
  // As an owner zips the export beside a copy of the site's content folder.
  await writeZip(zipped, await folderFiles(FIXTURE, "my-ghost-site/"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(reader: ExportReader): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of reader.items()) items.push(item);
  return items;
}

async function refusal(json: unknown): Promise<string> {
  const file = path.join(dir, "bad.json");
  await writeFile(file, typeof json === "string" ? json : JSON.stringify(json));
  try {
    await readAll(await openGhostExport(file));
    return "read";
  } catch (error) {
    return (error as Error).message;
  }
}

const post = (fields: Record<string, unknown>) => ({
  db: [
    { meta: { version: "5.0.0" }, data: { posts: [{ id: "p1", title: "A post", status: "published", ...fields }] } },
  ],
});

describe("openGhostExport", () => {
  it("reads posts with their tags, cover, old address and what they cannot carry, pages only when asked", async () => {
    const reader = await openGhostExport(path.join(FIXTURE, "export.json"));
    const items = await readAll(reader);
    expect(items.map((i) => [i.title, i.status, i.terms])).toEqual([
      ["Lifts, ranked", "published", ["Buildings"]],
      ["Stairs", "published", ["Meh Moments"]],
      ["A mobiledoc draft", "draft", []],
    ]);
    expect({ ...items[0], body: undefined }).toEqual({
      sourceId: "ghost:6429a1f0c1b2a3001a2b3c41",
      kind: "post",
      isPage: false,
      title: "Lifts, ranked",
      slug: "lifts-ranked",
      excerpt: "Up, down, meh.",
      body: undefined,
      status: "published",
      publishedAt: new Date("2023-04-02T10:00:00Z"),
      updatedAt: new Date("2023-04-03T10:00:00Z"),
      terms: ["Buildings"],
      // The resized copy Ghost names as the cover is the original the body shows.
      cover: { ref: IMAGE, alt: "Lift buttons, one lit" },
      oldPaths: ["/lifts-ranked/"],
      dropped: [],
    });
    expect(items[1]?.dropped).toEqual(["being for members only (it is public here)", "its code injection"]);
    // No HTML in the export: drawn from its mobiledoc, the card it cannot draw named.
    expect(items[2]?.body).toEqual({
      format: "html",
      flavor: "ghost",
      html: "<p>Hello from mobiledoc.</p><p>Some <em>markdown</em>, from a card.</p>",
    });
    expect(items[2]?.dropped).toEqual(["a gallery card"]);
    expect(reader.skipped()).toEqual({ "pages (not asked for)": 1 });
    const withPages = await readAll(await openGhostExport(path.join(FIXTURE, "export.json"), { includePages: true }));
    expect(withPages.filter((i) => i.isPage).map((i) => i.title)).toEqual(["About us"]);
    // A JSON alone holds no images.
    expect(await reader.openMedia(IMAGE)).toBeNull();
  });

  it("finds the images of a zip with its content folder, by the body's address or a resized one", async () => {
    const reader = await openGhostExport(zipped);
    try {
      expect((await readAll(reader)).length).toBe(3);
      const bytes = await readFile(path.join(FIXTURE, "content/images/2023/04/lift-buttons.jpg"));
      for (const ref of [IMAGE, "__GHOST_URL__/content/images/size/w600/2023/04/lift-buttons.jpg"]) {
        const found = await reader.openMedia(ref);
        expect(found?.size).toBe(bytes.length);
        const chunks: Buffer[] = [];
        for await (const chunk of found?.stream ?? []) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks)).toEqual(bytes);
      }
      expect(await reader.openMedia("/content/images/2023/04/gone.jpg")).toBeNull();
      expect(await reader.openMedia("https://cdn.example/elsewhere.jpg")).toBeNull();
    } finally {
      await reader.close();
    }
  });

  it("refuses what is not Ghost's export, and what no post could be, naming the post", async () => {
    expect(await refusal("{not json")).toMatch(/Not a Ghost export: it is not JSON/);
    expect(await refusal({ posts: [] })).toMatch(/Not a Ghost export/);
    expect(await refusal(post({ title: "t".repeat(1200) }))).toMatch(/^ghost:p1: its title is 1200 characters/);
    expect(await refusal(post({ published_at: "0001-01-01T00:00:00.000Z" }))).toMatch(
      /^A post: its published_at falls in 1, outside 1970 to 2100/,
    );
    const twice = path.join(dir, "twice.zip");
    await writeZip(
      twice,
      new Map([
        ["a.json", Buffer.from("{}")],
        ["b.json", Buffer.from("{}")],
      ]),
    );
    await expect(openGhostExport(twice)).rejects.toThrow(
      /should hold one JSON file beside content\/images, and holds 2/,
    );
  });
});
