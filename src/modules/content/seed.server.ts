import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { lookup } from "mrmime";
import { tables, type Db } from "@/lib/db.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { bodyReferences } from "@/lib/markdown/body-references";
import { bodyColumns } from "@/modules/posts/body-columns";
import { SEED_FOLDER } from "@/modules/uploads/contract";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { transcriptCues, type Cue } from "@/modules/videos/transcript";
import type { SampleContent } from "./sample-content.server";

const { appState, postImages, posts, videos } = tables;

/** The `app_state` row that says the sample content was seeded, once and for good. */
export const SEEDED_KEY = "seededAt";
// Serialises seeding between instances starting together on one PostgreSQL.
const SEED_LOCK = 7_061_999;

export interface SeedOptions {
  contentDir: string;
  /** Where the sample media go. */
  store: ObjectStore;
}

/**
 * Fill an empty database with the sample content, once. A database that was ever seeded,
 * or that holds any post or video, is left alone: the owner's deletions stay deleted.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  // The sample's reader (gray-matter, js-yaml) is loaded only by the start that seeds.
  const { loadContent } = await import("./sample-content.server");
  const content = await loadContent(options.contentDir);
  const media = await storeMedia(content, options);
  const transcripts = await sampleTranscripts(content, options.contentDir);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    await insertContent(tx, content, media, transcripts);
    await tx.insert(appState).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      seeded: sql<boolean>`exists (select 1 from ${appState} where ${appState.key} = ${SEEDED_KEY})`,
      posts: sql<boolean>`exists (select 1 from ${posts})`,
      videos: sql<boolean>`exists (select 1 from ${videos})`,
    })
    .from(sql`(select 1) as one`);
  return !row?.seeded && !row?.posts && !row?.videos;
}

/**
 * Say the site was seeded, so its next start leaves it as it is: a restored site with no post
 * or video would otherwise get the samples on top.
 */
export async function markSeeded(db: Db): Promise<void> {
  await db.insert(appState).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
}

type MediaUrls = Map<string, string>;

/** Where a post's body shows a sample image from: its URL once seeded, `/uploads/seed/<file>`. */
const SEEDED_IMAGE = `${UPLOADS_PREFIX}${SEED_FOLDER}/`;

/** The sample images a post's body shows, as files of the content folder. */
const bodyImages = (post: SampleContent["posts"][number]): string[] =>
  bodyReferences(post.content)
    .images.filter(({ src }) => src.startsWith(SEEDED_IMAGE))
    .map(({ src }) => `media/posts/${src.slice(SEEDED_IMAGE.length)}`);

/** Copy every media file the content names into the object store, keyed under SEED_FOLDER. */
async function storeMedia(content: SampleContent, { contentDir, store }: SeedOptions): Promise<MediaUrls> {
  const files = new Set<string>();
  for (const post of content.posts) {
    files.add(post.image);
    for (const image of post.gallery) files.add(image.image);
    for (const image of bodyImages(post)) files.add(image);
  }
  for (const video of content.videos) {
    files.add(video.video);
    files.add(video.poster);
    files.add(video.video.replace(/\.mp4$/, ".vtt"));
    if (video.chapters) files.add(video.chapters);
  }
  const urls: MediaUrls = new Map();
  for (const file of files) {
    const source = path.join(contentDir, file);
    const key = `${SEED_FOLDER}/${path.basename(file)}`;
    try {
      await store.put(key, source, lookup(source) ?? "application/octet-stream");
      urls.set(file, UPLOADS_PREFIX + key);
    } catch (error) {
      // Captions are optional beside a video; every other file, a named chapters track among
      // them, must exist.
      const optional = file.endsWith(".vtt") && !content.videos.some((video) => video.chapters === file);
      if (optional && (error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
  }
  return urls;
}

async function insertContent(
  db: Db,
  content: SampleContent,
  media: MediaUrls,
  transcripts: ReadonlyMap<string, Cue[]>,
): Promise<void> {
  const url = (file: string) => media.get(file) ?? file;
  for (const post of content.posts) {
    const [row] = await db
      .insert(posts)
      .values({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        imageUrl: url(post.image),
        imageAlt: post.imageAlt,
        category: post.category,
        mehRating: post.mehRating,
        existentialEcho: post.existentialEcho ?? null,
        soundtrackPotential: post.soundtrackPotential ?? null,
        emotionalTexture: post.emotionalTexture ?? null,
        // A new site's posts are Markdown; a site seeded before keeps its plain ones until they are edited.
        ...bodyColumns({ content: post.content, format: "markdown" }),
        publishedAt: post.publishedAt,
        updatedAt: post.publishedAt,
        featured: post.featured,
      })
      .returning({ id: posts.id });
    if (!row) throw new Error(`Could not insert ${post.slug}`);
    if (post.gallery.length > 0) {
      await db.insert(postImages).values(
        post.gallery.map((image, displayOrder) => ({
          postId: row.id,
          imageUrl: url(image.image),
          description: image.description ?? null,
          // The samples' descriptions are written to be read under the image too.
          caption: image.description ?? null,
          displayOrder,
        })),
      );
    }
  }
  for (const video of content.videos) {
    await db.insert(videos).values({
      slug: video.slug,
      title: video.title,
      description: video.description,
      videoUrl: url(video.video),
      thumbnailUrl: url(video.poster),
      chaptersUrl: video.chapters ? url(video.chapters) : null,
      transcript: transcripts.get(video.slug) ?? [],
      duration: video.duration,
      category: video.category,
      mehRating: video.mehRating,
      existentialEcho: video.existentialEcho ?? null,
      soundtrackPotential: video.soundtrackPotential ?? null,
      emotionalTexture: video.emotionalTexture ?? null,
      publishedAt: video.publishedAt,
      updatedAt: video.publishedAt,
      featured: video.featured,
    });
  }
}

/**
 * What each sample video's captions say (the file beside it), by slug: seeded with the video,
 * so search finds the samples' spoken words from the first start and the transcripts job has
 * nothing to fill (it would change every video at a new site's first start).
 */
async function sampleTranscripts(content: SampleContent, contentDir: string): Promise<Map<string, Cue[]>> {
  const read = async (file: string): Promise<Cue[]> => {
    try {
      return transcriptCues(await readFile(path.join(contentDir, file), "utf8")) ?? [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  };
  return new Map(
    await Promise.all(
      content.videos.map(async (video) => [video.slug, await read(video.video.replace(/\.mp4$/, ".vtt"))] as const),
    ),
  );
}
