import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { revisions } from "../../../db/schema/index.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { currentVersion } from "@/lib/versioned-document";
import { createPost, restorePost, updatePost } from "@/modules/posts/post-writes.server";
import { postBySlug } from "@/modules/posts/posts.server";
import { revisionKinds } from "./revision-kinds";
import { revisionOf } from "./revisions.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

// A post's document as revisions kept it before versions: before covers had alt text and
// gallery images captions, the fields the form has taken since.
const beforeVersions = {
  title: "The Stapler Nobody Refills",
  category: "Things That Barely Tried",
  mehRating: 4,
  existentialEcho: null,
  soundtrackPotential: null,
  emotionalTexture: null,
  featured: false,
  status: "published",
  publishedAt: "2026-01-01T00:00:00.000Z",
  excerpt: "It is nearly empty.",
  content: "Restored from the first draft.",
  imageUrl: "/images/placeholder.svg",
  images: [{ imageUrl: "/uploads/a.jpg", description: "A stapler" }],
};

/** A post whose oldest revision is `document`, written in SQL at `version`; its id and that revision's. */
async function postWithOldRevision(version: number, document: unknown = beforeVersions) {
  const post = await createPost(handle.db, samplePost({ content: "Today's words." }));
  const [row] = await handle.db.select({ id: revisions.id }).from(revisions).where(eq(revisions.postId, post.id));
  if (!row) throw new Error("No revision kept");
  await handle.db.execute(
    sql`update revisions set document = ${JSON.stringify(document)}::jsonb, schema_version = ${version} where id = ${row.id}`,
  );
  await updatePost(handle.db, post.id, samplePost({ content: "Later words." }));
  return { post, revisionId: row.id };
}

describe("a revision kept at an older version", () => {
  it("reads back current", async () => {
    const { post, revisionId } = await postWithOldRevision(1);
    const revision = await revisionOf(handle.db, { kind: "post", id: post.id }, revisionId);
    // Every post was plain text before bodies had a format.
    expect(revision?.document).toEqual({ ...beforeVersions, format: "plain" });
  });

  it("restores, and the restore is kept at the current version", async () => {
    const { post, revisionId } = await postWithOldRevision(1);
    const restored = await restorePost(handle.db, post.id, revisionId, { authorId: null });
    expect(restored.content).toBe("Restored from the first draft.");
    expect((await postBySlug(handle.db, post.slug))?.content).toBe("Restored from the first draft.");
    const [newest] = await handle.db
      .select({ reason: revisions.reason, schemaVersion: revisions.schemaVersion })
      .from(revisions)
      .where(eq(revisions.postId, post.id))
      .orderBy(desc(revisions.id))
      .limit(1);
    expect(newest).toEqual({ reason: "restored", schemaVersion: currentVersion(revisionKinds.post) });
  });

  it("refuses one kept by a newer release with a conflict, and changes nothing", async () => {
    const { post, revisionId } = await postWithOldRevision(currentVersion(revisionKinds.post) + 1);
    await expect(restorePost(handle.db, post.id, revisionId, { authorId: null })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("newer release") as unknown,
    });
    expect((await postBySlug(handle.db, post.slug))?.content).toBe("Later words.");
  });
});
