import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { notFound } from "@/lib/errors";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { changeOf } from "@/modules/publishing/content-tags";
import type { SavedBy } from "@/modules/editorial/revisions.server";
import { itemWrites } from "@/modules/items/item-writes.server";
import { bodyColumns } from "./body-columns";
import { checkPublishableBody } from "@/modules/embeds/body-media.server";
import { postDocument } from "./post-document";
import { postInputSchema, type PostData, type PostImageInput } from "./schema";
import { postColumns, type PostImageRow, type PostRow } from "./posts.server";

const { posts, postImages } = tables;

/**
 * The post's columns from the form: everything but what the server derives (read time and
 * the words search reads, both from the body as a reader reads it) or stores apart.
 */
function postValues(data: PostData) {
  const { slug: _slug, readTime: _readTime, images: _images, status: _status, publishedAt: _at, ...fields } = data;
  return { ...fields, ...bodyColumns({ content: fields.content, format: fields.format ?? "plain" }) };
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

/** The post's gallery as a revision keeps it, in display order. */
function galleryOf(db: Db, postId: number) {
  return db
    .select({ imageUrl: postImages.imageUrl, description: postImages.description, caption: postImages.caption })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.displayOrder), asc(postImages.id));
}

/**
 * A post's writes: the shared ones, with its gallery saved in the same transaction. When
 * `images` is sent the gallery becomes exactly that list; without it, it stays as it is.
 */
const sharedWrites = itemWrites<PostData, PostRow>({
  kind: "post",
  noun: "Post",
  table: posts,
  columns: postColumns,
  schema: postInputSchema,
  values: postValues,
  document: async (post, data, tx, id) =>
    postDocument({ ...post, format: post.format ?? "plain" }, data.images ?? (await galleryOf(tx, id))),
  saveParts: async (tx, id, { images }, created) => {
    if (!images) return;
    if (!created) await tx.delete(postImages).where(eq(postImages.postId, id));
    if (images.length) await tx.insert(postImages).values(imageRows(id, images));
  },
  checkPublic: (tx, { content, format }) => checkPublishableBody(tx, { content, format: format ?? "plain" }),
});

/** A post's writes as the API calls them: the shared ones, with `updatePost`'s reading of a missing format. */
export const postWrites = { ...sharedWrites, update: updatePost };

export const {
  slugs: postSlugs,
  create: createPost,
  restore: restorePost,
  autosave: autosavePost,
  remove: deletePost,
} = postWrites;

/**
 * Update a post. An update that names no format is plain text, as the spec promises, unless
 * it puts back the very body the post has: a client that read an essay and sends it back
 * with a new title must not turn its Markdown into text.
 */
export async function updatePost(db: Db, id: number, data: PostData, by?: SavedBy): Promise<PostRow> {
  if (data.format !== undefined) return sharedWrites.update(db, id, data, by);
  const [stored] = await db
    .select({ content: posts.content, format: posts.format })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  const format = stored?.content === data.content ? stored.format : "plain";
  return sharedWrites.update(db, id, { ...data, format }, by);
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
