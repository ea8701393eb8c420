import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql, type SQL } from "drizzle-orm";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import journal from "../../../db/migrations/meta/_journal.json";
import { insertUser } from "../../../tests/factories.ts";
import { fillArchiveSite, MISSING_UPLOAD, putSiteUploads, SITE_UPLOADS } from "../../../tests/setup/archive-site.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../tests/setup/fake-s3.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { jsonLines, readZip } from "../../../tests/setup/zip-files.ts";
import { useJobSender } from "@/lib/job-registry";
import { SIGNING_PURPOSES } from "@/lib/signing.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { S3Store } from "@/modules/uploads/s3-store.server";
import type { Manifest } from "./archive-format";
import { verifyArchive } from "./verify-archive.server";
import { openArchive } from "./write-archive.server";

const S3 = {
  bucket: "meh-archive",
  region: "eu-west-3",
  accessKeyId: "AKIDARCHIVE",
  secretAccessKey: "archive-secret",
};
const owner = { id: 0, username: "owner", role: "admin" };

let handle: DbHandle;
let fake: FakeS3;
let dir: string;
const stores: Record<string, ObjectStore> = {};

beforeAll(async () => {
  handle = await createTestDb();
  // A schedule sends its job, as on a running site.
  useJobSender(queuedJobs(handle).sender);
  fake = await startFakeS3(S3);
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-archive-test-"));
  stores.local = new LocalStore(path.join(dir, "uploads"), handle.db);
  stores.s3 = new S3Store(fakeS3Settings(fake, S3));
  for (const store of Object.values(stores)) await putSiteUploads(store);
  await insertUser(handle.db, owner);
  await handle.db.update(users).set({ passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGVkIGJ5IHRlc3Q" });
  await fillArchiveSite(handle.db, owner.id);
  // A signed-in browser: never archived.
  await handle.db.insert(sessions).values({ id: "s1", userId: owner.id, secretHash: new Uint8Array(32) });
});
afterAll(async () => {
  useJobSender(undefined);
  await fake.close();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/** Archive the site into a file; its manifest and files. */
async function archive(store: ObjectStore, personalData: boolean, scratchDir = dir) {
  const made = await openArchive(handle.db, {
    personalData,
    store,
    engine: handle.engine,
    software: { name: "meh-moments", version: "9.9.9" },
    scratchDir,
  });
  const file = path.join(dir, `site-${crypto.randomUUID()}.zip`);
  await pipeline(made.stream, createWriteStream(file));
  const manifest = await made.done;
  return { file, manifest, files: await readZip(file) };
}

/** A Markdown file's front matter and body. */
function markdown(bytes: Buffer | undefined): { fields: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n?---\n([\s\S]*)$/.exec(bytes?.toString("utf8") ?? "");
  if (!match) throw new Error("not a Markdown file with front matter");
  return { fields: parse(match[1] ?? "") as Record<string, unknown>, body: match[2] ?? "" };
}

const count = async (table: string, where?: SQL) => {
  const [row] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`${sql.identifier(table)}`)
    .where(where);
  return row?.n ?? 0;
};

describe.each(["local", "s3"])("an archive of the whole site, uploads on the %s store", (name) => {
  let made: { file: string; manifest: Manifest; files: Map<string, Buffer> };
  beforeAll(async () => {
    made = await archive(stores[name] as ObjectStore, false);
  });

  it("counts each table's rows as the database holds them, and says what it left out", async () => {
    const { tables } = made.manifest;
    for (const table of ["posts", "post_images", "videos", "revisions", "css_themes", "page_layouts"]) {
      expect(tables[table], table).toBe(await count(table));
    }
    for (const table of ["layout_versions", "newsletter_issues", "analytics_pages", "analytics_sources"]) {
      expect(tables[table], table).toBe(await count(table));
    }
    const secrets = sql.join(
      SIGNING_PURPOSES.map((key) => sql`${key}`),
      sql`, `,
    );
    expect(tables.app_state).toBe(await count("app_state", sql`key not in (${secrets})`));
    expect(Object.keys(tables)).not.toEqual(expect.arrayContaining(["users"]));
    expect(tables).not.toHaveProperty("sessions");
    expect(tables).not.toHaveProperty("newsletter_subscribers");
    expect(made.manifest.personalData).toBe(false);
    expect(made.manifest.leftOut.map((l) => l.what).join(" | ")).toMatch(/sessions.*users, newsletter_subscribers/);
    expect(made.manifest).toMatchObject({
      format: "meh-moments-site-archive",
      formatVersion: 1,
      software: { name: "meh-moments", version: "9.9.9" },
      database: { migrations: journal.entries.length, lastMigration: journal.entries.at(-1)?.tag },
    });
    expect(made.manifest.database.engine).toBe(handle.engine === "postgres" ? "postgres" : "embedded");
  });

  it("verifies: the archive holds what its manifest lists, each file with its SHA-256", async () => {
    expect(await verifyArchive(made.file)).toEqual(made.manifest);
    const listed = made.manifest.files.map((f) => f.path);
    expect([...made.files.keys()].sort()).toEqual([...listed, "manifest.json"].sort());
  });

  it("fails verification naming the file when one byte of it changes", async () => {
    const bytes = await readFile(made.file);
    const video = Buffer.from(SITE_UPLOADS["videos/kettle.mp4"] ?? []);
    const at = bytes.indexOf(video.subarray(0, 64)) + 5000;
    bytes[at] = (bytes[at] ?? 0) ^ 1;
    const tampered = path.join(dir, `tampered-${name}.zip`);
    await writeFile(tampered, bytes);
    await expect(verifyArchive(tampered)).rejects.toThrow(/uploads\/videos\/kettle\.mp4 does not match its SHA-256/);
  });

  it("writes each post as Markdown: every field in its front matter, the gallery in order, the body as written", () => {
    const essay = markdown(made.files.get("posts/on-kettles.md"));
    expect(essay.body).toBe(
      "## Before\n\nIt sat there.[^1]\n\n![Steam, none](/uploads/images/in-body.webp)\n\n[^1]: Still cold.",
    );
    expect(essay.fields).toMatchObject({
      slug: "on-kettles",
      title: "On Kettles",
      format: "markdown",
      status: "published",
      meh_rating: 4,
      image_url: "/uploads/images/cover.webp",
      image_alt: "A kettle, still off",
      image_decorative: false,
      category: "Things That Barely Tried",
    });
    expect(essay.fields.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    expect(essay.fields).not.toHaveProperty("content_text");
    expect(essay.fields).not.toHaveProperty("search");
    const gallery = essay.fields.gallery as Record<string, unknown>[];
    expect(gallery.map((g) => [g.image_url, g.description, g.caption, g.display_order])).toEqual([
      ["/uploads/images/first.webp", "The switch", "Off.", 0],
      ["/uploads/images/second.webp", "The plug", "Out.", 1],
      [MISSING_UPLOAD, "Gone", null, 9],
    ]);
    const plain = markdown(made.files.get("posts/plain-words.md"));
    expect(plain).toMatchObject({ body: "One line.\nAnother line.", fields: { format: "plain" } });
    expect(markdown(made.files.get("posts/not-yet.md")).fields.status).toBe("draft");
    expect(markdown(made.files.get("posts/tomorrow-perhaps.md")).fields.status).toBe("scheduled");
  });

  it("writes each video as Markdown with its files, captions among them, and its description as the body", () => {
    const video = markdown(made.files.get("videos/the-kettle-does-not-boil.md"));
    expect(video.body).toBe("It turns. It turns back.");
    expect(video.fields).toMatchObject({
      video_url: "/uploads/videos/kettle.mp4",
      thumbnail_url: "/uploads/images/poster.webp",
      captions_url: "/uploads/captions/kettle.vtt",
      duration: 7,
      status: "published",
    });
    expect(markdown(made.files.get("videos/unfinished-footage.md")).fields.status).toBe("draft");
  });

  it("carries every upload a row names, byte for byte, and names the one the store no longer holds", () => {
    for (const [key, bytes] of Object.entries(SITE_UPLOADS)) {
      expect(made.files.get(`uploads/${key}`), key).toEqual(Buffer.from(bytes));
    }
    expect(made.manifest.missingUploads).toEqual([MISSING_UPLOAD]);
  });

  it("keeps themes and layouts as JSON with their histories, and every revision", async () => {
    const themes = [...made.files.keys()].filter((p) => p.startsWith("themes/"));
    expect(themes).toHaveLength(await count("css_themes"));
    const active = themes.map((p) => JSON.parse(made.files.get(p)?.toString() ?? "{}") as Record<string, unknown>);
    expect(active.filter((t) => t.is_active).map((t) => t.name)).toEqual(["Backdrop"]);
    const layout = JSON.parse(
      made.files.get([...made.files.keys()].find((p) => p.startsWith("layouts/")) ?? "")?.toString() ?? "{}",
    ) as { page_name: string; published_version_id: number; versions: { id: number; version_number: number }[] };
    expect(layout.page_name).toBe("home");
    expect(layout.versions.map((v) => v.version_number)).toEqual([1, 2]);
    expect(layout.published_version_id).toBe(layout.versions[0]?.id);
    const revisions = jsonLines(made.files.get("revisions.jsonl"));
    expect(revisions).toHaveLength(await count("revisions"));
    expect(revisions.map((r) => r.reason)).toContain("saved");
  });

  it("holds no personal data unless asked: no account, reader, ledger, password hash or signing key anywhere", async () => {
    expect([...made.files.keys()].filter((p) => p.startsWith("personal/"))).toEqual([]);
    const [account] = await handle.db.select().from(users);
    const all = Buffer.concat([...made.files.values()]).toString("latin1");
    for (const secret of ["ada@example.com", "bo@example.com", account?.passwordHash ?? "", "250 OK"]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe("an archive with personal data", () => {
  it("adds accounts with their password hashes, readers with their consent times, the ledger and the signing keys", async () => {
    const { manifest, files, file } = await archive(stores.local as ObjectStore, true);
    expect(await verifyArchive(file)).toEqual(manifest);
    expect(manifest.personalData).toBe(true);
    for (const table of ["users", "newsletter_subscribers", "newsletter_deliveries", "app_state"]) {
      expect(manifest.tables[table], table).toBe(await count(table));
    }
    const [account] = await handle.db.select().from(users);
    expect(jsonLines(files.get("personal/users.jsonl"))).toEqual([
      expect.objectContaining({ username: "owner", password_hash: account?.passwordHash, role: "admin" }),
    ]);
    const readers = jsonLines(files.get("personal/subscribers.jsonl"));
    expect(readers.find((r) => r.email === "ada@example.com")).toMatchObject({
      status: "active",
      confirmed_at: "2026-01-02T03:04:05.678+00:00",
    });
    expect(readers[0]).not.toHaveProperty("mailbox");
    expect(jsonLines(files.get("personal/deliveries.jsonl")).map((d) => d.status)).toEqual(["sent", "sent"]);
    expect(
      jsonLines(files.get("personal/signing-keys.jsonl"))
        .map((k) => k.key)
        .sort(),
    ).toEqual([...SIGNING_PURPOSES].sort());
    expect(manifest.leftOut.map((l) => l.what).join(" | ")).not.toContain("newsletter_subscribers,");
  });

  it("leaves nothing behind in its scratch folder", async () => {
    const scratch = await mkdtemp(path.join(dir, "scratch-"));
    await archive(stores.local as ObjectStore, true, scratch);
    expect(await readdir(scratch)).toEqual([]);
  });
});
