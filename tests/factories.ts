import type { Db } from "../db/client.ts";
import { postImages, posts, users, videos } from "../db/schema/index.ts";
import { slugify } from "../src/lib/slug.ts";
import { bodyColumns } from "../src/modules/posts/body-columns.ts";

type NewPost = typeof posts.$inferInsert;
type NewVideo = typeof videos.$inferInsert;

let n = 0;

/** Insert a post with plausible defaults; pass only what the test is about. */
export async function insertPost(db: Db, overrides: Partial<NewPost> = {}) {
  n += 1;
  const title = overrides.title ?? `Unremarkable thing number ${n}`;
  const content = overrides.content ?? "It was there. Then it was still there.";
  const [row] = await db
    .insert(posts)
    .values({
      slug: slugify(title),
      excerpt: "A short excerpt.",
      category: "Meh Moments",
      ...bodyColumns({ content, format: overrides.format ?? "plain" }),
      ...overrides,
      title,
      content,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** Insert a gallery image for a post. */
export async function insertPostImage(db: Db, postId: number, displayOrder: number, description?: string) {
  const [row] = await db
    .insert(postImages)
    .values({ postId, displayOrder, description, imageUrl: `/uploads/test/${postId}-${displayOrder}.jpg` })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** Insert a video with plausible defaults. */
export async function insertVideo(db: Db, overrides: Partial<NewVideo> = {}) {
  n += 1;
  const title = overrides.title ?? `A video of very little, take ${n}`;
  const [row] = await db
    .insert(videos)
    .values({
      slug: slugify(title),
      description: "Nothing happens, slowly.",
      videoUrl: "/uploads/test/video.mp4",
      thumbnailUrl: "/uploads/test/poster.jpg",
      duration: 5,
      category: "Grey Days Sharp Eyes",
      ...overrides,
      title,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/**
 * An account for a session user that tests call routes as, so what a route records against
 * its caller (an upload grant) has its user; the user gets the row's id.
 */
export async function insertUser(db: Db, user: { id: number; username: string; role: string }): Promise<void> {
  const [row] = await db
    .insert(users)
    .values({ username: user.username, passwordHash: "x", role: user.role })
    .returning();
  if (!row) throw new Error("insert failed");
  user.id = row.id;
}
