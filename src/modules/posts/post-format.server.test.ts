import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, revisions } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { present } from "../../../tests/setup/present.ts";
import { samplePost } from "../../../tests/setup/sample-items.ts";
import { adminSite } from "../../../tests/setup/admin-site.ts";
import { postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { listRevisions, revisionOf } from "@/modules/editorial/revisions.server";
import { createPost, restorePost, updatePost } from "./post-writes.server";
import { postById, searchPosts } from "./posts.server";

const site = adminSite();
const { admin } = site;

/** Call the posts API as the admin; the answer's status and JSON. */
async function call(method: "POST" | "PUT", path: string, body: unknown, ref?: string) {
  const endpoint = present(endpoints.find((e) => e.method === method && e.path === path));
  const response = await callEndpoint(endpoint, {
    user: admin,
    params: { ref: ref ?? "" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const specPost = {
  title: "A Queue, Described",
  excerpt: "It moved.",
  content: "# Not a heading\n*Not emphasis*, and [not](a link).",
  category: "Meh Moments",
  mehRating: 3,
};
const bodyOf = async (id: number) => {
  const post = present(await postById(site.handle.db, id));
  return renderBody(post, { idPrefix: postIdPrefix(id), medium: "page" });
};

describe("a post's format", () => {
  it("is plain when a client creates a post without one: paragraphs at line breaks, as the spec promises", async () => {
    const created = await call("POST", "/api/posts", specPost);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = Number(created.json.id);
    expect(created.json.content).toBe(specPost.content);
    expect(await bodyOf(id)).toBe("<p># Not a heading</p><p>*Not emphasis*, and [not](a link).</p>");
  });

  it("stays what the client says: an update with new words and no format is plain text", async () => {
    const created = await call("POST", "/api/posts", { ...specPost, format: "markdown" });
    const id = Number(created.json.id);
    expect(await bodyOf(id)).toContain("<em>Not emphasis</em>");
    const content = `${specPost.content}\n*Still not emphasis*`;
    const updated = await call("PUT", "/api/posts/[ref]", { ...specPost, content }, String(id));
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.format).toBe("plain");
    expect(await bodyOf(id)).toBe(
      "<p># Not a heading</p><p>*Not emphasis*, and [not](a link).</p><p>*Still not emphasis*</p>",
    );
  });

  it("stays Markdown when a client without formats puts back the body it read, with a new title", async () => {
    const created = await call("POST", "/api/posts", { ...specPost, format: "markdown" });
    const id = Number(created.json.id);
    const updated = await call(
      "PUT",
      "/api/posts/[ref]",
      { ...specPost, title: "A Queue, Renamed", content: created.json.content },
      String(id),
    );
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json).toMatchObject({ title: "A Queue, Renamed", format: "markdown" });
    expect(await bodyOf(id)).toContain("<em>Not emphasis</em>");
  });

  it("refuses a format it does not know, naming the field", async () => {
    const refused = await call("POST", "/api/posts", { ...specPost, format: "html" });
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe("format");
  });

  it("counts read time and search on the words, never the markup", async () => {
    const link = "[a paperclip](https://example.com/" + "very/".repeat(300) + "long)";
    const post = await createPost(
      site.handle.db,
      samplePost({ content: `${link} ${"word ".repeat(150)}`, format: "markdown" }),
    );
    expect(post.readTime).toBe(1);
    const [row] = await site.handle.db.select({ text: posts.contentText }).from(posts).where(eq(posts.id, post.id));
    expect(row?.text).toBe(`a paperclip ${"word ".repeat(150).trim()}`);
    const found = await searchPosts(site.handle.db, "paperclip", { page: 1, limit: 24 });
    expect(found.items.map((p) => p.id)).toContain(post.id);
    expect(
      (await searchPosts(site.handle.db, "example.com", { page: 1, limit: 24 })).items.map((p) => p.id),
    ).not.toContain(post.id);
  });

  it("lets anything but the site write a post straight into the table, and search finds its words", async () => {
    // As a plain post from before Markdown is stored: no words apart, so search reads the content.
    await site.handle.db.execute(
      sql`insert into posts (slug, title, excerpt, content, category, read_time)
          values ('typed-in', 'Typed In', 'By hand.', 'A doorstop nobody asked for.', 'Meh Moments', 1)`,
    );
    const found = await searchPosts(site.handle.db, "doorstop", { page: 1, limit: 24 });
    expect(found.items.map((p) => p.slug)).toContain("typed-in");
  });

  it("is kept by revisions, and a revision from before formats restores as plain text", async () => {
    const post = await createPost(site.handle.db, samplePost({ content: "*Once* plain.", format: "plain" }));
    const [created] = await listRevisions(site.handle.db, { kind: "post", id: post.id });
    await updatePost(site.handle.db, post.id, samplePost({ content: "*Now* Markdown.", format: "markdown" }));
    const [saved] = await listRevisions(site.handle.db, { kind: "post", id: post.id });
    expect(
      (await revisionOf(site.handle.db, { kind: "post", id: post.id }, present(saved).id))?.document,
    ).toMatchObject({
      content: "*Now* Markdown.",
      format: "markdown",
    });
    // As revisions were stored before formats: version 1, no `format` in the document.
    await site.handle.db
      .update(revisions)
      .set({ schemaVersion: 1, document: sql`${revisions.document} - 'format'` })
      .where(eq(revisions.id, present(created).id));
    const restored = await restorePost(site.handle.db, post.id, present(created).id, { authorId: null });
    expect(restored).toMatchObject({ content: "*Once* plain.", format: "plain" });
  });
});
