import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../../db/client.ts";
import { insertUser } from "../../../../tests/factories.ts";
import { fillArchiveSite, putSiteUploads, SITE_UPLOADS } from "../../../../tests/setup/archive-site.ts";
import { queuedJobs } from "../../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { openArchive } from "@/modules/archive/write-archive.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { SourceItem } from "../source-item";
import { openMarkdownExport } from "./markdown-folder.server";

// The archive as the site itself writes it, read back by the importer: whatever the writer
// changes in the format, this fails until the reader follows.

let handle: DbHandle;
let dir: string;
let file: string;
beforeAll(async () => {
  handle = await createTestDb();
  // A scheduled post sends its job, as on a running site.
  useJobSender(queuedJobs(handle).sender);
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-import-"));
  const store = new LocalStore(path.join(dir, "uploads"), handle.db);
  await putSiteUploads(store);
  const owner = { id: 0, username: "owner", role: "admin" };
  await insertUser(handle.db, owner);
  await fillArchiveSite(handle.db, owner.id);
  const made = await openArchive(handle.db, {
    personalData: false,
    store,
    engine: handle.engine,
    software: { name: "meh-moments", version: "9.9.9" },
    scratchDir: dir,
  });
  file = path.join(dir, "site.zip");
  await pipeline(made.stream, createWriteStream(file));
  await made.done;
});
afterAll(async () => {
  useJobSender(undefined);
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe("openMarkdownExport on the site's own archive", () => {
  it("reads every post and video the site archived, with their uploads", async () => {
    const reader = await openMarkdownExport(file);
    try {
      expect(reader.kind).toBe("archive");
      const items: SourceItem[] = [];
      for await (const item of reader.items()) items.push(item);
      const byTitle = new Map(items.map((item) => [item.title, item]));
      expect([...byTitle.keys()].sort()).toEqual([
        "Not Yet",
        "On Kettles",
        "Plain Words",
        "The Kettle Does Not Boil",
        "Tomorrow, Perhaps",
        "Unfinished Footage",
      ]);
      expect(byTitle.get("On Kettles")).toMatchObject({
        sourceId: "archive:post:on-kettles",
        kind: "post",
        slug: "on-kettles",
        status: "published",
        body: {
          format: "markdown",
          markdown:
            "## Before\n\nIt sat there.[^1]\n\n![Steam, none](/uploads/images/in-body.webp)\n\n[^1]: Still cold.",
        },
        cover: { ref: "/uploads/images/cover.webp", alt: "A kettle, still off" },
        terms: ["Things That Barely Tried"],
        dropped: ["its meh rating and analysis", "3 gallery images"],
      });
      expect(byTitle.get("Plain Words")?.body).toEqual({ format: "markdown", markdown: "One line.\n\nAnother line." });
      expect(byTitle.get("Not Yet")?.status).toBe("draft");
      expect(byTitle.get("Tomorrow, Perhaps")?.status).toBe("scheduled");
      expect(byTitle.get("The Kettle Does Not Boil")).toMatchObject({
        sourceId: "archive:video:the-kettle-does-not-boil",
        kind: "video",
        video: {
          file: "/uploads/videos/kettle.mp4",
          poster: "/uploads/images/poster.webp",
          captions: "/uploads/captions/kettle.vtt",
          durationSeconds: 7,
        },
      });
      expect(items.every((item) => item.publishedAt instanceof Date && item.updatedAt instanceof Date)).toBe(true);
      expect(reader.skipped()).toEqual({});
      for (const ref of ["/uploads/images/cover.webp", "/uploads/videos/kettle.mp4", "/uploads/captions/kettle.vtt"]) {
        const medium = await reader.openMedia(ref);
        const chunks: Buffer[] = [];
        for await (const chunk of medium?.stream ?? []) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks)).toEqual(Buffer.from(SITE_UPLOADS[ref.slice("/uploads/".length)] ?? []));
      }
    } finally {
      await reader.close();
    }
  });
});
