import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { revisions } from "../../../db/schema/index.ts";
import { present } from "../../../tests/setup/present.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import {
  listRevisions,
  pendingAutosave,
  discardAutosave,
  revisionOf,
  REVISIONS_KEPT,
} from "@/modules/editorial/revisions.server";
import { autosavePost, createPost, deletePost, restorePost, updatePost } from "./post-writes.server";
import { postBySlug, postGallery } from "./posts.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const input = samplePost;

const history = (id: number) => listRevisions(handle.db, { kind: "post", id });

describe("post revisions", () => {
  it("keeps every save with why it happened, newest first, and who saved it", async () => {
    const post = await createPost(handle.db, input({ status: "draft" }), { authorId: null });
    await updatePost(handle.db, post.id, input({ content: "Second thoughts." }));
    await updatePost(handle.db, post.id, input({ content: "Third thoughts.", status: "published" }));
    await updatePost(handle.db, post.id, input({ content: "Fourth thoughts.", status: "draft" }));
    const list = await history(post.id);
    expect(list.map((r) => r.reason)).toEqual(["unpublished", "published", "saved", "created"]);
    expect(list[0]).toMatchObject({ title: "The Stapler Nobody Refills", author: null });
    const newest = await revisionOf(handle.db, { kind: "post", id: post.id }, present(list[0]).id);
    expect(newest?.document).toMatchObject({ content: "Fourth thoughts.", status: "draft", images: [] });
  });

  it("keeps at most 25 per post, dropping the oldest, and none of another post's", async () => {
    const post = await createPost(handle.db, input());
    const other = await createPost(handle.db, input());
    for (let i = 1; i <= REVISIONS_KEPT + 5; i++) {
      await updatePost(handle.db, post.id, input({ content: `Version ${String(i)}.` }));
    }
    const list = await history(post.id);
    expect(list).toHaveLength(REVISIONS_KEPT);
    const oldest = await revisionOf(handle.db, { kind: "post", id: post.id }, present(list.at(-1)).id);
    expect(oldest?.document).toMatchObject({ content: "Version 6." });
    expect(await history(other.id)).toHaveLength(1);
  });

  it("restores an older revision as a new save: words and gallery come back, status stays, history grows", async () => {
    const post = await createPost(
      handle.db,
      input({ content: "The original paragraph.", images: [{ imageUrl: "/uploads/a.jpg", description: "A" }] }),
    );
    const [created] = await history(post.id);
    await updatePost(handle.db, post.id, input({ content: "Overwritten by mistake.", images: [] }));
    await updatePost(handle.db, post.id, input({ content: "Still wrong.", status: "draft" }));

    const restored = await restorePost(handle.db, post.id, present(created).id, { authorId: null });
    expect(restored.content).toBe("The original paragraph.");
    expect(restored.status).toBe("draft");
    expect((await postGallery(handle.db, post.id, { anyStatus: true }))?.map((i) => i.imageUrl)).toEqual([
      "/uploads/a.jpg",
    ]);
    const list = await history(post.id);
    expect(list.map((r) => r.reason)).toEqual(["restored", "unpublished", "saved", "created"]);
    expect(list.at(-1)?.id).toBe(present(created).id);
  });

  it("refuses to restore a revision of another post, or one that is not there", async () => {
    const a = await createPost(handle.db, input());
    const b = await createPost(handle.db, input());
    const [ofA] = await history(a.id);
    await expect(restorePost(handle.db, b.id, present(ofA).id, { authorId: null })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(restorePost(handle.db, a.id, 999_999, { authorId: null })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("refuses a revision that no longer fits the form with 409, and changes nothing", async () => {
    const post = await createPost(handle.db, input({ content: "Kept." }));
    const [created] = await history(post.id);
    await handle.db
      .update(revisions)
      .set({ document: { title: "" } })
      .where(eq(revisions.id, present(created).id));
    await expect(restorePost(handle.db, post.id, present(created).id, { authorId: null })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await postBySlug(handle.db, post.slug))?.content).toBe("Kept.");
    expect(await history(post.id)).toHaveLength(1);
  });

  it("autosaves beside a published post without touching what visitors read, one autosave at a time", async () => {
    const post = await createPost(handle.db, input({ content: "Live words." }));
    await autosavePost(handle.db, post.id, input({ content: "Half a thought" }), { authorId: null });
    await autosavePost(handle.db, post.id, input({ content: "Half a thought, finished." }), { authorId: null });
    expect((await postBySlug(handle.db, post.slug))?.content).toBe("Live words.");
    expect((await history(post.id)).map((r) => r.reason)).toEqual(["autosave", "created"]);
    const pending = await pendingAutosave(handle.db, { kind: "post", id: post.id });
    expect(pending?.document).toMatchObject({ content: "Half a thought, finished.", status: "published" });

    await updatePost(handle.db, post.id, input({ content: "Half a thought, finished." }));
    expect((await history(post.id)).map((r) => r.reason)).toEqual(["saved", "created"]);
    expect(await pendingAutosave(handle.db, { kind: "post", id: post.id })).toBeNull();
  });

  it("discards a pending autosave, and only an autosave", async () => {
    const post = await createPost(handle.db, input());
    expect(await discardAutosave(handle.db, { kind: "post", id: post.id })).toBe(false);
    await autosavePost(handle.db, post.id, input({ content: "Never mind." }), { authorId: null });
    expect(await discardAutosave(handle.db, { kind: "post", id: post.id })).toBe(true);
    expect((await history(post.id)).map((r) => r.reason)).toEqual(["created"]);
  });

  it("goes with its post", async () => {
    const post = await createPost(handle.db, input());
    await deletePost(handle.db, post.id);
    const [row] = await handle.db.select({ n: count() }).from(revisions).where(eq(revisions.postId, post.id));
    expect(row?.n).toBe(0);
  });
});
