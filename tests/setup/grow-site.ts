// Big sites for the tests and the bench: N posts and M videos made from the sample
// content's own words, added to a database that holds the sample content.
import { count, like } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { posts, videos } from "../../db/schema/index.ts";
import { CATEGORIES } from "../../src/lib/categories.ts";
import { bodyColumns } from "../../src/modules/posts/body-columns.ts";

const BATCH = 250;
const HOUR = 3_600_000;

/** A well-mixed 32-bit hash of two integers, as a fraction in [0, 1). */
function fraction(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/**
 * A plausible body: sentences of the sample's words, different for each seed. Words are
 * drawn as in real text, a few often and most rarely (the cube of a uniform draw), so a
 * search for a word finds some posts rather than nearly all of them.
 */
export function generatedText(words: readonly string[], seed: number, paragraphs = 6): string {
  const pick = (i: number) => words[Math.floor(words.length * fraction(seed, i) ** 3)] ?? "meh";
  return Array.from(
    { length: paragraphs },
    (_, p) => Array.from({ length: 60 }, (_, w) => pick(p * 60 + w)).join(" ") + ".",
  ).join("\n\n");
}

/** The sample posts' bodies, and their distinct words in the order they first appear. */
async function sampleText(db: Db): Promise<{ bodies: string[]; words: string[] }> {
  const rows = await db.select({ title: posts.title, content: posts.content }).from(posts);
  const words = rows.flatMap((row) => `${row.title} ${row.content}`.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  return { bodies: rows.map((row) => row.content), words: words.length > 0 ? [...new Set(words)] : ["meh"] };
}

/**
 * A post's body as long as a real one (about 600 words): a sample post's whole body, so
 * the archive's words are spread as in real writing and a common one is in thousands of
 * posts, then three paragraphs of its own, so no two bodies are alike.
 */
function realLengthBody(bodies: readonly string[], words: readonly string[], i: number): string {
  const sample = bodies[i % Math.max(1, bodies.length)] ?? "";
  return `${sample}\n\n${generatedText(words, i, 3)}`.trim();
}

/**
 * Add generated posts and videos to a seeded database until it holds `target` of each;
 * what is already generated is kept, so running it twice adds nothing. Returns the counts.
 */
export async function growSite(db: Db, target: { posts: number; videos: number }) {
  const { bodies, words } = await sampleText(db);
  const [sampleVideo] = await db.select().from(videos).limit(1);
  const have = async (table: typeof posts | typeof videos) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const generatedSoFar = async (table: typeof posts | typeof videos) =>
    (await db.select({ n: count() }).from(table).where(like(table.slug, "generated-%")))[0]?.n ?? 0;

  const postStart = await generatedSoFar(posts);
  const newPosts = Math.max(0, target.posts - (await have(posts)));
  for (let from = 0; from < newPosts; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, newPosts - from) }, (_, k) => {
      const i = postStart + from + k;
      const content = realLengthBody(bodies, words, i);
      return {
        slug: `generated-post-${String(i)}`,
        title: `The ${words[(i * 31) % words.length] ?? "meh"} ${words[(i * 17 + 5) % words.length] ?? "thing"}, number ${String(i)}`,
        excerpt: content.slice(0, 140),
        content,
        category: CATEGORIES[i % CATEGORIES.length] ?? "Meh Moments",
        ...bodyColumns({ content, format: "plain" }),
        mehRating: (i % 5) + 1,
        publishedAt: new Date(Date.UTC(2020, 0, 1) + i * HOUR),
      };
    });
    await db.insert(posts).values(rows);
  }

  const videoStart = await generatedSoFar(videos);
  const newVideos = sampleVideo ? Math.max(0, target.videos - (await have(videos))) : 0;
  for (let from = 0; sampleVideo && from < newVideos; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, newVideos - from) }, (_, k) => {
      const i = videoStart + from + k;
      return {
        slug: `generated-video-${String(i)}`,
        title: `On the ${words[(i * 13) % words.length] ?? "meh"}, part ${String(i)}`,
        description: generatedText(words, i + 1_000_000, 2),
        videoUrl: sampleVideo.videoUrl,
        thumbnailUrl: sampleVideo.thumbnailUrl,
        duration: 60 + (i % 600),
        category: CATEGORIES[i % CATEGORIES.length] ?? "Meh Moments",
        mehRating: (i % 5) + 1,
        publishedAt: new Date(Date.UTC(2020, 0, 1) + i * HOUR),
      };
    });
    await db.insert(videos).values(rows);
  }
  return { posts: await have(posts), videos: await have(videos) };
}
