import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { allocateSlug, type SlugSource } from "@/lib/unique-slug.server";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { announce } from "@/modules/editorial/announce.server";
import { nextPublication } from "@/modules/editorial/publication";
import { endPreviewLinksIfPublished } from "@/modules/editorial/preview-links.server";
import { lockedPublication } from "@/modules/editorial/visibility.server";
import {
  keepAutosave,
  keepRevision,
  restoredInput,
  saveReason,
  type RevisionSubject,
  type SavedBy,
} from "@/modules/editorial/revisions.server";
import { readTime } from "./read-time";
import { postDocument } from "./post-document";
import { postInputSchema, type PostData, type PostImageInput } from "./schema";
import { postColumns, type PostImageRow, type PostRow } from "./posts.server";

const { posts, postImages } = tables;

/** Where a new post's slug is found free. */
export const postSlugs: SlugSource = { table: posts, column: posts.slug, fallback: "post" };

/** The post's columns from the form: everything but what the server derives or stores apart. */
function postValues(data: PostData) {
  const { slug: _slug, readTime: _readTime, images: _images, status: _status, publishedAt: _at, ...fields } = data;
  return { ...fields, readTime: readTime(fields.content) };
}

/** Images numbered by their place in the list: the order the owner arranged is the order shown. */
function imageRows(postId: number, images: PostImageInput[]) {
  return images.map((image, displayOrder) => ({
    postId,
    imageUrl: image.imageUrl,
    description: image.description,
    caption: image.caption,
    displayOrder,
  }));
}

const subject = (id: number): RevisionSubject => ({ kind: "post", id });

/** The post's gallery as a revision keeps it, in display order. */
function galleryOf(db: Db, postId: number) {
  return db
    .select({ imageUrl: postImages.imageUrl, description: postImages.description, caption: postImages.caption })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.displayOrder), asc(postImages.id));
}

/**
 * Create a post and its additional images in one transaction, with its first revision;
 * published now unless it is a draft or scheduled.
 */
export async function createPost(db: Db, data: PostData, by: SavedBy = { authorId: null }): Promise<PostRow> {
  const post = await db.transaction(async (tx) => {
    const slug = await allocateSlug(tx, postSlugs, data.title);
    const [row] = await tx
      .insert(posts)
      .values({ ...postValues(data), ...nextPublication(undefined, data, new Date()), slug })
      .returning(postColumns);
    if (!row) throw new Error("Insert returned no row");
    if (data.images?.length) await tx.insert(postImages).values(imageRows(row.id, data.images));
    await keepRevision(tx, subject(row.id), {
      reason: "created",
      title: row.title,
      document: postDocument(row, data.images ?? []),
      authorId: by.authorId,
    });
    return row;
  });
  await announce(changeOf.post(post.id), undefined, post);
  return post;
}

/**
 * Update a post; its slug never changes (links to it keep working). When `images` is sent,
 * the gallery becomes exactly that list, in the same transaction. Without `status` it stays
 * where it stands. Every update keeps a revision of what it saved.
 */
export async function updatePost(
  db: Db,
  id: number,
  data: PostData,
  by: SavedBy = { authorId: null },
): Promise<PostRow> {
  const { before, post } = await db.transaction(async (tx) => {
    const current = await lockedPublication(tx, posts, id);
    if (!current) throw notFound("Post");
    const [row] = await tx
      .update(posts)
      .set({ ...postValues(data), ...nextPublication(current, data, new Date()), updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning(postColumns);
    if (!row) throw notFound("Post");
    await endPreviewLinksIfPublished(tx, subject(id), current, row);
    if (data.images) {
      await tx.delete(postImages).where(eq(postImages.postId, id));
      if (data.images.length) await tx.insert(postImages).values(imageRows(id, data.images));
    }
    await keepRevision(tx, subject(id), {
      reason: by.reason ?? saveReason(current, row),
      title: row.title,
      document: postDocument(row, data.images ?? (await galleryOf(tx, id))),
      authorId: by.authorId,
    });
    return { before: current, post: row };
  });
  await announce(changeOf.post(id), before, post);
  return post;
}

/** Bring back an older revision's words and images, as a new save; the post stays as public as it is. */
export async function restorePost(db: Db, id: number, revisionId: number, by: SavedBy): Promise<PostRow> {
  const data = await restoredInput(db, subject(id), revisionId, postInputSchema);
  return updatePost(db, id, data, { ...by, reason: "restored" });
}

/** Keep the dialog's work as the post's autosave, never touching the post itself. */
export function autosavePost(db: Db, id: number, data: PostData, by: SavedBy): Promise<void> {
  return keepAutosave(
    db,
    posts,
    { ...subject(id), noun: "Post" },
    data.title,
    async (current, tx) =>
      postDocument(
        { ...data, ...current, imageDecorative: data.imageDecorative ?? false },
        data.images ?? (await galleryOf(tx, id)),
      ),
    by,
  );
}

/** Delete a post (its images and history go with it). */
export async function deletePost(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(posts).where(eq(posts.id, id)).returning({ status: posts.status });
  if (!row) throw notFound("Post");
  await announce(changeOf.post(id), row, undefined);
}

/** Add one image to a post's gallery. */
export async function addPostImage(db: Db, postId: number, image: PostImageInput): Promise<PostImageRow> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) throw notFound("Post");
  const [row] = await db
    .insert(postImages)
    .values({
      postId,
      imageUrl: image.imageUrl,
      description: image.description,
      caption: image.caption,
      displayOrder: image.displayOrder ?? 0,
    })
    .returning();
  if (!row) throw new Error("Insert returned no row");
  await sitePublisher().publish(changeOf.postGallery(postId));
  return row;
}

/** Remove one gallery image. */
export async function deletePostImage(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(postImages).where(eq(postImages.id, id)).returning({ postId: postImages.postId });
  if (!row) throw notFound("Image");
  await sitePublisher().publish(changeOf.postGallery(row.postId));
}
