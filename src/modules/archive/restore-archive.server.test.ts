import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../../../db/client.ts";
import { runMigrations } from "../../../db/migrate.ts";
import { pageLayouts, posts, users } from "../../../db/schema/index.ts";
import { insertUser } from "../../../tests/factories.ts";
import { fillArchiveSite, putSiteUploads, SITE_UPLOADS } from "../../../tests/setup/archive-site.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../tests/setup/fake-s3.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { archiveToFile } from "../../../tests/setup/site-archive-file.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useJobSender } from "@/lib/job-registry";
import { postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { ensureAdmin } from "@/modules/auth/admin-account.server";
import { hashPassword, verifyPassword } from "@/modules/auth/password.server";
import { seedIfEmpty } from "@/modules/content/seed.server";
import { postBySlug, postGallery, searchPosts } from "@/modules/posts/posts.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { S3Store } from "@/modules/uploads/s3-store.server";
import type { Manifest } from "./archive-format";
import { restoreArchive } from "./restore-archive.server";

// The source is always the embedded database, as a site starts; the target is the engine the
// project runs (PGlite, or PostgreSQL with TEST_DATABASE_URL): on PostgreSQL this is the
// documented move from the embedded database.

const S3 = {
  bucket: "meh-restore",
  region: "eu-west-3",
  accessKeyId: "AKIDRESTORE",
  secretAccessKey: "restore-secret",
};
const PASSWORD = "owner-password-1";
const owner = { id: 0, username: "owner", role: "admin" };

let source: DbHandle;
let sourceStore: ObjectStore;
let fake: FakeS3;
let dir: string;
let archived: { file: string; manifest: Manifest };

/** An embedded database with this software's schema. */
async function embedded(): Promise<DbHandle> {
  if (process.env.TEST_DB_ENGINE !== "postgres") return createTestDb();
  const handle = createDb("memory://");
  await runMigrations(handle);
  return handle;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-restore-test-"));
  source = await embedded();
  useJobSender(queuedJobs(source).sender);
  fake = await startFakeS3(S3);
  sourceStore = new LocalStore(path.join(dir, "source-uploads"), source.db);
  await putSiteUploads(sourceStore);
  await insertUser(source.db, owner);
  await source.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
  await fillArchiveSite(source.db, owner.id);
  archived = await archiveToFile(source, sourceStore, dir);
});
afterAll(async () => {
  useJobSender(undefined);
  await fake.close();
  await source.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(["local", "s3"])("an embedded site restored into an empty site, uploads onto the %s store", (name) => {
  let target: DbHandle;
  let store: ObjectStore;
  let again: { file: string; manifest: Manifest };
  let restored: Awaited<ReturnType<typeof restoreArchive>>;

  beforeAll(async () => {
    target = await createTestDb();
    store =
      name === "s3"
        ? new S3Store(fakeS3Settings(fake, S3))
        : new LocalStore(path.join(dir, "target-uploads"), target.db);
    restored = await restoreArchive(archived.file, { handle: target, store }, { scratchDir: dir });
    again = await archiveToFile(target, store, dir);
  });
  afterAll(async () => {
    await target.close();
  });

  it("archives again to the same rows and files, byte for byte", () => {
    const { createdAt: _first, database: _from, ...first } = archived.manifest;
    const { createdAt: _second, database: _to, ...second } = again.manifest;
    expect(second).toEqual(first);
    expect(again.manifest.database.migrations).toBe(archived.manifest.database.migrations);
    expect(restored.tables).toEqual(archived.manifest.tables);
  });

  it("puts every upload into the store, byte for byte", async () => {
    for (const [key, bytes] of Object.entries(SITE_UPLOADS)) {
      const stored = await store.read(key);
      expect(stored && Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(restored.files).toBe(Object.keys(SITE_UPLOADS).length);
  });

  it("shows the same essay, its body rendered alike and its words searchable", async () => {
    const before = await postBySlug(source.db, "on-kettles");
    const after = await postBySlug(target.db, "on-kettles");
    if (!before || !after) throw new Error("the essay is missing");
    expect(after).toEqual(before);
    expect(await postGallery(target.db, after.id)).toEqual(await postGallery(source.db, before.id));
    const options = { idPrefix: postIdPrefix(after.id), medium: "page" } as const;
    expect(renderBody(after, options)).toEqual(renderBody(before, options));
    // Its words, made again from the body, are what search finds it by.
    const [row] = await target.db.select({ text: posts.contentText }).from(posts).where(eq(posts.slug, "on-kettles"));
    expect(row?.text).toContain("Still cold.");
    const found = await searchPosts(target.db, "still cold");
    expect(found.items.map((post) => post.slug)).toEqual(["on-kettles"]);
  });

  it("lets the owner sign in with the same password", async () => {
    const [user] = await target.db.select().from(users).where(eq(users.username, owner.username));
    expect(user && (await verifyPassword(user.passwordHash, PASSWORD))).toBe(true);
  });

  it("takes new rows under new ids, and gets no sample content at its next start", async () => {
    const [user] = await target.db
      .insert(users)
      .values({ username: "second", passwordHash: "x", role: "editor" })
      .returning();
    expect(user?.id).toBeGreaterThan(owner.id);
    const seeded = await seedIfEmpty(target.db, { contentDir: path.resolve("content"), store });
    expect(seeded).toBe(false);
  });

  it("refuses to restore over what it now holds, and changes nothing", async () => {
    await expect(restoreArchive(archived.file, { handle: target, store })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/already holds a site \(posts, /) as string,
    });
  });

  it("replaces what it holds when asked, once the hook before replacing has run", async () => {
    const steps: string[] = [];
    const replaced = await restoreArchive(
      archived.file,
      { handle: target, store },
      {
        replace: true,
        beforeReplace: () => {
          steps.push("backed up");
          return Promise.resolve();
        },
        progress: (step) => steps.push(step),
      },
    );
    expect(steps.indexOf("backed up")).toBeGreaterThan(-1);
    expect(steps.indexOf("backed up")).toBeLessThan(steps.indexOf("Emptying the target"));
    expect(replaced.tables).toEqual(archived.manifest.tables);
    const { createdAt: _first, database: _from, ...first } = archived.manifest;
    const { createdAt: _third, database: _to, ...third } = (await archiveToFile(target, store, dir)).manifest;
    expect(third).toEqual(first);
  });
});

describe("an archive without personal data", () => {
  it("restores every other row, with no user named, and the next start makes the admin", async () => {
    const { file, manifest } = await archiveToFile(source, sourceStore, dir, false);
    const target = await createTestDb();
    try {
      const store = new LocalStore(path.join(dir, "impersonal-uploads"), target.db);
      const restored = await restoreArchive(file, { handle: target, store }, { scratchDir: dir });
      expect(restored.tables).toEqual(manifest.tables);
      expect(await target.db.select().from(users)).toEqual([]);
      const [layout] = await target.db.select().from(pageLayouts);
      expect(layout).toMatchObject({ pageName: "home", createdBy: null });
      expect(await ensureAdmin(target.db, { username: "new-owner", password: PASSWORD })).toMatchObject({
        status: "created",
      });
    } finally {
      await target.close();
    }
  });
});
