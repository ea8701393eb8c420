import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { oldSiteImage, startFakeOldSite, type FakeOldSite } from "../../../tests/setup/fake-old-site.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { filledSiteArchive } from "../../../tests/setup/site-archive-file.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { fixtureFile, fixtureZip, IMPORT_FIXTURES } from "../../../tests/setup/import-fixtures.ts";
import { tables } from "@/lib/db.server";
import { useJobSender } from "@/lib/job-registry";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { FetchLimits } from "./fetch-media.server";
import type { ImportProgress } from "../../../db/schema/imports.ts";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { importReportSchema, type ImportOptions, type ImportReport } from "./import-schemas";
import type { ExportReader } from "./source-item";
import { cancelImport, failedMedia } from "./import-requests.server";
import { confirmRun, createRun, finishRun, planRun, runById } from "./import-runs.server";
import { openExport } from "./open-export.server";
import { planImport } from "./plan-import.server";
import { openMarkdownExport } from "./readers/markdown-folder.server";
import { openSubstackExport } from "./readers/substack.server";
import { redirectFor } from "./redirects.server";
import { runImport } from "./run-import.server";
import { supplyMedia } from "./supply-media.server";

/** What an imported image's key looks like: made from the old address, so the same each time. */
const IMPORTED = /\/uploads\/images\/imported-[0-9a-f]{32}\.jpg/g;

let handle: DbHandle;
let store: ObjectStore;
let dir: string;
let uploads: string;
let oldSite: FakeOldSite;
let fetch: FetchLimits;

beforeAll(async () => {
  handle = await createTestDb();
  dir = await mkdtemp(path.join(os.tmpdir(), "import-flow-"));
  uploads = path.join(dir, "uploads");
  store = new LocalStore(uploads, handle.db);
  oldSite = await startFakeOldSite();
  // A schedule imported as one asks the queue to wake it at its time.
  useJobSender(queuedJobs(handle).sender);
  fetch = { maxBytes: 5 * 1024 ** 2, timeoutMs: 10_000, privateHosts: ["127.0.0.1"] };
});
afterAll(async () => {
  useJobSender(undefined);
  await oldSite.close();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/** A fixture folder zipped as its platform zips it, its CDN's addresses pointed at the fake old site. */
const zippedFixture = (folder: string, prefix: string, cdn: RegExp) =>
  fixtureZip(
    folder,
    prefix,
    cdn,
    oldSite.origin,
    path.join(dir, `${folder.replaceAll("/", "-")}-${prefix.slice(0, -1)}.zip`),
  );

const options: ImportOptions = {
  defaultCategory: "Meh Moments",
  categories: {},
  keepPublished: false,
  includePages: false,
};

/** Read the export, then import it with `chosen`, as the job does: the report, and what the run made. */
async function importExport(
  reader: ExportReader,
  chosen: ImportOptions,
  into: ObjectStore = store,
): Promise<{ report: ImportReport; progress: ImportProgress; runId: number }> {
  try {
    const origin = `${reader.kind}|${reader.siteUrl ?? ""}`;
    const flavor = "flavor" in reader && typeof reader.flavor === "string" ? reader.flavor : null;
    const report = await planImport(handle.db, { reader, origin, fetch, flavor });
    const run = await createRun(handle.db, "export.zip", "export.zip");
    await planRun(handle.db, run.id, reader.kind, report);
    await confirmRun(handle.db, run.id, chosen);
    const progress = await runImport(handle.db, {
      reader,
      origin,
      store: into,
      runId: run.id,
      scratchDir: dir,
      fetch,
      options: chosen,
      report,
    });
    await finishRun(handle.db, run.id, progress);
    return { report, progress, runId: run.id };
  } finally {
    await reader.close();
  }
}

const importSubstack = async (file: string, chosen: ImportOptions) =>
  importExport(await openSubstackExport(file, { includePages: true }), chosen);

const allPosts = () => handle.db.select().from(tables.posts).orderBy(asc(tables.posts.id));

describe("importing a Substack export", () => {
  let file: string;
  beforeAll(async () => {
    file = await zippedFixture("substack", "mehletter-export/", /https:\/\/substackcdn\.com/g);
  });

  it("reads a report first, and then brings every post in as a draft with its images and old address", async () => {
    const before = (await allPosts()).length;
    const { report, progress } = await importSubstack(file, options);
    expect(report.items).toMatchObject({ pages: 1, alreadyImported: 0 });
    expect(report.images.missingCount).toBe(0);
    const made = (await allPosts()).slice(before);
    expect(made.map((p) => [p.title, p.status])).toMatchSnapshot();
    expect(progress).toMatchObject({ itemsDone: 3, itemsTotal: 3, refused: 0 });
    const queue = made.find((p) => p.slug === "the-queue-at-the-post-office");
    expect(queue?.format).toBe("markdown");
    // Substack gives no cover: the post's first image is one.
    expect(queue?.imageUrl).toMatch(IMPORTED);
    expect(queue?.imageAlt).toBe("A queue of seven people");
    const golden = path.join(IMPORT_FIXTURES, "imported/substack-queue.md");
    const content = (queue?.content ?? "").replace(IMPORTED, "/uploads/images/imported-IMAGE.jpg");
    if (process.env.UPDATE_GOLDEN) await writeFile(golden, content);
    expect(content).toBe(await readFile(golden, "utf8"));
    const images = await readdir(path.join(uploads, "images"));
    expect(images.every((name) => /^imported-[0-9a-f]{32}\.jpg$/.test(name))).toBe(true);
    // Drafts are not public, so their old addresses lead nowhere yet.
    expect(await redirectFor(handle.db, "/p/the-queue-at-the-post-office/")).toMatchObject({ location: null });
  });

  it("changes nothing when the same export is imported again, and fetches nothing again", async () => {
    const before = await allPosts();
    const images = await readdir(path.join(uploads, "images"));
    const asked = oldSite.asked.length;
    const { report } = await importSubstack(file, { ...options, keepPublished: true });
    // The page was not asked for the first time, so it is not among them.
    expect(report.items.alreadyImported).toBe(3);
    expect(await allPosts()).toEqual(before);
    expect(await readdir(path.join(uploads, "images"))).toEqual(images);
    expect(oldSite.asked.length).toBe(asked);
  });

  it("answers a published post's old address with its new page", async () => {
    const [queue] = await handle.db
      .select({ id: tables.posts.id })
      .from(tables.posts)
      .where(eq(tables.posts.slug, "the-queue-at-the-post-office"));
    await handle.db
      .update(tables.posts)
      .set({ status: "published" })
      .where(eq(tables.posts.id, queue?.id ?? 0));
    expect(await redirectFor(handle.db, "/p/the-queue-at-the-post-office")).toMatchObject({
      location: "/post/the-queue-at-the-post-office",
    });
  });
});

describe("importing a WordPress export", () => {
  it("brings posts in with their images and featured image, rewrites links to the old site, and maps categories", async () => {
    const file = await fixtureFile(
      "wordpress/export.xml",
      /https:\/\/oldblog\.example/g,
      oldSite.origin,
      path.join(dir, "wordpress.xml"),
    );
    const opened = await openExport(file, "wordpress.xml");
    expect(opened.origin).toBe(`wordpress|${oldSite.origin}`);
    const { report, progress, runId } = await importExport(opened.reader, {
      ...options,
      keepPublished: true,
      categories: { Hotels: "Waiting Room Diaries" },
    });
    expect(report.items).toMatchObject({ posts: 5, pages: 1, published: 3, drafts: 2, scheduled: 1 });
    expect(report.images.missing.map((m) => [m.item, m.reason])).toEqual([
      ["A draft about doors", "the old site answered 404"],
    ]);
    expect(report.terms.find((t) => t.name === "Meh Moments")?.suggested).toBe("Meh Moments");
    expect(report.skipped).toMatchObject({ comments: 3, "posts in the trash": 1, "menu items": 1 });
    expect(progress).toMatchObject({ itemsDone: 5, refused: 0 });
    const lobby = (await allPosts()).find((p) => p.title === "Why the lobby matters");
    expect(lobby).toMatchObject({
      status: "published",
      category: "Waiting Room Diaries",
      publishedAt: new Date("2019-05-04T09:30:00Z"),
      imageAlt: "A beige lobby, empty",
    });
    expect(lobby?.imageUrl).toMatch(IMPORTED);
    const golden = path.join(IMPORT_FIXTURES, "imported/wordpress-lobby.md");
    // A link to an old post the export does not bring stays on the old site, as the fixture names it.
    const content = (lobby?.content ?? "")
      .replace(IMPORTED, "/uploads/images/imported-IMAGE.jpg")
      .replaceAll(oldSite.origin, "https://oldblog.example");
    if (process.env.UPDATE_GOLDEN) await writeFile(golden, content);
    expect(content).toBe(await readFile(golden, "utf8"));
    const corridors = (await allPosts()).find((p) => p.title === "Corridors, ranked");
    expect(corridors?.category).toBe("Meh Moments");
    const scheduled = (await allPosts()).find((p) => p.title === "Tomorrow’s beige");
    expect(scheduled?.status).toBe("scheduled");
    expect(await redirectFor(handle.db, "/2019/05/why-the-lobby-matters/")).toMatchObject({
      location: "/post/why-the-lobby-matters",
    });
    expect(await redirectFor(handle.db, "/2020/06/caf%C3%A9-thoughts")).toMatchObject({ location: null });
    await opened.reader.close();

    // The image the old site lost, sent by the owner: the post that shows it points at it, as an edit.
    const lost = `${oldSite.origin}/wp-content/uploads/2024/03/missing-door.jpg`;
    await expect(supplyMedia(handle.db, store, runId, lost, "/uploads/images/not-uploaded.jpg")).rejects.toThrow(
      /Not an image uploaded to this site/,
    );
    const copy = path.join(dir, "door.jpg");
    await writeFile(copy, await oldSiteImage());
    await store.put("images/sent-door.jpg", copy, "image/jpeg");
    expect(await supplyMedia(handle.db, store, runId, lost, "/uploads/images/sent-door.jpg")).toEqual({ posts: 1 });
    const door = (await allPosts()).find((p) => p.title === "A draft about doors");
    expect(door?.content).toContain("![A door](/uploads/images/sent-door.jpg)");
    expect(door?.content).not.toContain(lost);
    const [row] = await handle.db.select().from(tables.importedMedia).where(eq(tables.importedMedia.ref, lost));
    expect(row).toMatchObject({ url: "/uploads/images/sent-door.jpg", failure: null });
  });
});

describe("importing a Ghost export zipped with its images, and a Medium export", () => {
  /** The post's body with its images' keys, and the fake old site's address, written as the goldens write them. */
  const golden = async (name: string, content: string | undefined) => {
    const file = path.join(IMPORT_FIXTURES, `imported/${name}.md`);
    const written = (content ?? "")
      .replace(IMPORTED, "/uploads/images/imported-IMAGE.jpg")
      .replace(/\/uploads\/images\/imported-[0-9a-f]{32}\.png/g, "/uploads/images/imported-IMAGE.png")
      .replaceAll(oldSite.origin, "https://cdn.example");
    if (process.env.UPDATE_GOLDEN) await writeFile(file, written);
    expect(written).toBe(await readFile(file, "utf8"));
  };

  it("takes Ghost's images from the zip, the cover and the figure one copy", async () => {
    const asked = oldSite.asked.length;
    const opened = await openExport(await zippedFixture("ghost", "my-ghost-site/", /$^/g), "ghost.zip");
    const { report } = await importExport(opened.reader, options);
    expect(report.images).toMatchObject({ total: 1, inExport: 1, toFetch: 0, missingCount: 0 });
    expect(oldSite.asked.length).toBe(asked);
    const lifts = (await allPosts()).find((p) => p.title === "Lifts, ranked");
    expect(lifts?.content).toContain(`(${lifts?.imageUrl ?? ""} "The close door button does nothing")`);
    await golden("ghost-lifts", lifts?.content);
    const stairs = (await allPosts()).find((p) => p.title === "Stairs");
    expect(stairs?.category).toBe("Meh Moments");
  });

  it("fetches Medium's images from its CDN", async () => {
    const file = await zippedFixture("medium", "", /https:\/\/cdn-images-1\.medium\.com/g);
    const opened = await openExport(file, "medium.zip");
    const { report, progress } = await importExport(opened.reader, options);
    expect(report.images).toMatchObject({ total: 2, toFetch: 2, missingCount: 0 });
    expect(progress.refusals).toEqual([]);
    const guide = (await allPosts()).find((p) => p.title === "A Field Guide to Waiting Rooms");
    await golden("medium-waiting-rooms", guide?.content);
  });
});

describe("importing a Hugo folder", () => {
  it("takes images from the export itself, lists what it lacks, and keeps published posts published when asked", async () => {
    const file = await zippedFixture("markdown/hugo", "site/", /$^/g);
    const asked = oldSite.asked.length;
    const { report, progress } = await importExport(await openMarkdownExport(file, { includePages: true }), {
      ...options,
      keepPublished: true,
      categories: { Mornings: "Grey Days Sharp Eyes" },
    });
    expect(report.flavor).toBe("hugo");
    expect(report.images.inExport).toBe(1);
    expect(report.images.missing.map((m) => m.ref)).toContain("/images/missing.png");
    expect(oldSite.asked.length).toBe(asked);
    expect(progress.refused).toBe(0);
    const [first] = await handle.db.select().from(tables.posts).where(eq(tables.posts.title, "First Light"));
    expect(first).toMatchObject({
      status: "published",
      category: "Grey Days Sharp Eyes",
      publishedAt: new Date("2021-06-21T03:00:00Z"),
      imageAlt: "A window at dawn",
    });
    // The cover and the body's figure are one image of the export, brought in once.
    expect(first?.imageUrl).toMatch(IMPORTED);
    expect(first?.content).toContain(`![Morning](${first?.imageUrl ?? ""} "The window")`);
    expect(await redirectFor(handle.db, "/2021/06/first-light/")).toMatchObject({ location: "/post/first-light" });
    const golden = path.join(IMPORT_FIXTURES, "imported/hugo-first-light.md");
    const content = (first?.content ?? "").replace(IMPORTED, "/uploads/images/imported-IMAGE.jpg");
    if (process.env.UPDATE_GOLDEN) await writeFile(golden, content);
    expect(content).toBe(await readFile(golden, "utf8"));
  });
});

describe("importing this site's own archive into another site", () => {
  it("brings its posts in, checks its media as uploads, and leaves its videos to a restore", async () => {
    const archive = await filledSiteArchive(dir);
    const opened = await openExport(archive, "archive.zip");
    const before = (await allPosts()).length;
    const { report, progress, runId } = await importExport(opened.reader, options);
    expect(report.source).toBe("archive");
    expect(report.items).toMatchObject({ posts: 4, videos: 2 });
    expect(report.images).toMatchObject({ total: 2, inExport: 2, toFetch: 0, missingCount: 0 });
    expect(progress.refusals).toEqual([]);
    const made = (await allPosts()).slice(before);
    expect(made.map((p) => p.title).sort()).toEqual(["Not Yet", "On Kettles", "Plain Words", "Tomorrow, Perhaps"]);
    expect(made.every((p) => p.status === "draft")).toBe(true);
    // The archive's test uploads are bytes, not pictures: checked as any upload is, and listed.
    expect(await failedMedia(handle.db, runId)).toEqual([
      { ref: "/uploads/images/cover.webp", failure: "not an image the site takes (JPEG, PNG, WebP, GIF or AVIF)" },
      { ref: "/uploads/images/in-body.webp", failure: "not an image the site takes (JPEG, PNG, WebP, GIF or AVIF)" },
    ]);
    await opened.reader.close();
  });
});

describe("an import the owner cancels", () => {
  it("ends before anything is written, and its export's file goes", async () => {
    const importsDir = path.join(dir, "imports");
    await mkdir(importsDir, { recursive: true });
    await writeFile(path.join(importsDir, "waiting.export"), "an export");
    const run = await createRun(handle.db, "export.xml", "waiting.export");
    const site = { db: handle.db, store, importsDir, fetch };
    await cancelImport(site, run.id);
    expect((await runById(handle.db, run.id)).status).toBe("cancelled");
    expect(existsSync(path.join(importsDir, "waiting.export"))).toBe(false);
    await expect(cancelImport(site, run.id)).rejects.toThrow(/This import is cancelled already/);
  });
});

describe("an import that stops mid-way", () => {
  it("goes on where it stopped when run again: every post once, every image once", async () => {
    const file = await zippedFixture("substack", "again/", /https:\/\/substackcdn\.com/g);
    // As if from another Substack, so nothing the first import made counts.
    const elsewhere = async () => ({
      ...(await openSubstackExport(file, { includePages: true })),
      siteUrl: "https://second.example",
    });
    let puts = 0;
    const failing: ObjectStore = Object.assign(Object.create(store) as ObjectStore, {
      put: async (key: string, from: string, type: string) => {
        // The store fails on the first image it is given, as a full disk would.
        if (++puts === 1) throw new Error("No space left on device");
        await store.put(key, from, type);
      },
    });
    const before = (await allPosts()).length;
    const imagesBefore = (await readdir(path.join(uploads, "images"))).length;
    await expect(importExport(await elsewhere(), options, failing)).rejects.toThrow(/No space left/);
    // Nothing half-written: the post whose image failed is not there.
    expect((await allPosts()).slice(before).map((p) => p.title)).not.toContain(
      "The queue at the post office, reconsidered",
    );
    // The job is tried again: the same run, from the start of the export.
    const [run] = await handle.db.select().from(tables.importRuns).where(eq(tables.importRuns.status, "importing"));
    const reader = await elsewhere();
    const progress = await runImport(handle.db, {
      reader,
      origin: "substack|https://second.example",
      store: failing,
      runId: run?.id ?? 0,
      scratchDir: dir,
      fetch,
      options,
      report: importReportSchema.parse(run?.report),
    });
    await finishRun(handle.db, run?.id ?? 0, progress);
    await reader.close();
    const made = (await allPosts()).slice(before);
    expect(made.map((p) => p.title).sort()).toEqual(
      ["A half-written draft", "Lukewarm tea (audio)", "The queue at the post office, reconsidered"].sort(),
    );
    expect((await readdir(path.join(uploads, "images"))).length).toBe(imagesBefore + 1);
    const brought = await handle.db
      .select()
      .from(tables.importedMedia)
      .where(like(tables.importedMedia.sourceKey, "substack|https://second.example|%"));
    expect(brought.map((m) => m.failure)).toEqual([null]);
  });
});
