// Big sites for the tests and the bench: N posts and M videos made from the sample content,
// added to a database that holds it. A post is a copy of a sample post, Markdown and all,
// with a word of its own; a video says a generated transcript.
import { count, like, not } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { posts, videos } from "../../db/schema/index.ts";
import { PLACEHOLDER_IMAGE } from "../../db/domain-constants.ts";
import { CATEGORIES } from "../../src/lib/categories.ts";
import { bodyColumns } from "../../src/modules/posts/body-columns.ts";
import type { Cue } from "../../src/modules/videos/transcript.ts";

const BATCH = 250;
const HOUR = 3_600_000;
/** A caption every few seconds, as speech is captioned. */
const CUE_SECONDS = 4;

/** A well-mixed 32-bit hash of two integers, as a fraction in [0, 1). */
function fraction(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/**
 * `count` words of the sample's, different for each seed and start. Words are drawn as in
 * real text, a few often and most rarely (the cube of a uniform draw), so a search for a
 * word finds some items rather than nearly all of them.
 */
function generatedWords(words: readonly string[], seed: number, from: number, count: number): string {
  const pick = (i: number) => words[Math.floor(words.length * fraction(seed, i) ** 3)] ?? "meh";
  return Array.from({ length: count }, (_, w) => pick(from + w)).join(" ");
}

/** Paragraphs of 60 of the sample's words, different for each seed (see `generatedWords`). */
export function generatedText(words: readonly string[], seed: number, paragraphs = 6): string {
  return Array.from({ length: paragraphs }, (_, p) => generatedWords(words, seed, p * 60, 60) + ".").join("\n\n");
}

const CONSONANTS = "bdfgklmnprstvz";
const VOWELS = "aiou";

/**
 * A made-up word no other post of the archive holds, as a real essay has words of its own:
 * three syllables, one for each base-56 digit of `i` (175,616 words before they repeat).
 * @example distinguishingWord(0) // "bababa"
 */
export function distinguishingWord(i: number): string {
  const syllable = (n: number) =>
    (CONSONANTS[Math.floor(n / VOWELS.length) % CONSONANTS.length] ?? "") + (VOWELS[n % VOWELS.length] ?? "");
  const base = CONSONANTS.length * VOWELS.length;
  return syllable(i % base) + syllable(Math.floor(i / base)) + syllable(Math.floor(i / base ** 2));
}

/** A spoken transcript as long as the video: a caption every few seconds, of the sample's words. */
function generatedTranscript(words: readonly string[], seed: number, seconds: number): Cue[] {
  return Array.from({ length: Math.max(1, Math.floor(seconds / CUE_SECONDS)) }, (_, n) => ({
    start: n * CUE_SECONDS,
    end: (n + 1) * CUE_SECONDS - 0.5,
    text: generatedWords(words, seed, n * 10, 10) + ".",
  }));
}

/** What a generated post copies of a sample post. */
type PostCopy = Pick<
  typeof posts.$inferSelect,
  | "title"
  | "excerpt"
  | "content"
  | "imageUrl"
  | "imageAlt"
  | "existentialEcho"
  | "soundtrackPotential"
  | "emotionalTexture"
>;

/**
 * The sample post the `i`th generated post copies (those the generator did not make, in
 * turn), and the samples' distinct words in the order they first appear. A database without
 * samples (a test's) gets posts of generated words.
 */
async function samplePosts(db: Db): Promise<{ copyOf: (i: number) => PostCopy; words: string[] }> {
  const rows = await db
    .select({
      title: posts.title,
      excerpt: posts.excerpt,
      content: posts.content,
      imageUrl: posts.imageUrl,
      imageAlt: posts.imageAlt,
      existentialEcho: posts.existentialEcho,
      soundtrackPotential: posts.soundtrackPotential,
      emotionalTexture: posts.emotionalTexture,
    })
    .from(posts)
    .where(not(like(posts.slug, "generated-%")))
    .orderBy(posts.id);
  const found = rows.flatMap((row) => `${row.title} ${row.content}`.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  const words = found.length > 0 ? [...new Set(found)] : ["meh"];
  const content = generatedText(words, 0);
  const standIn: PostCopy = {
    title: "A generated post",
    excerpt: content.slice(0, 140),
    content,
    imageUrl: PLACEHOLDER_IMAGE,
    imageAlt: null,
    existentialEcho: null,
    soundtrackPotential: null,
    emotionalTexture: null,
  };
  return { copyOf: (i) => rows[i % rows.length] ?? standIn, words };
}

/**
 * Add generated posts and videos to a seeded database until it holds `target` of each;
 * what is already generated is kept, so running it twice adds nothing. Returns the counts.
 */
export async function growSite(db: Db, target: { posts: number; videos: number }) {
  const { copyOf, words } = await samplePosts(db);
  const [sampleVideo] = await db.select().from(videos).limit(1);
  const have = async (table: typeof posts | typeof videos) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const generatedSoFar = async (table: typeof posts | typeof videos) =>
    (await db.select({ n: count() }).from(table).where(like(table.slug, "generated-%")))[0]?.n ?? 0;

  const postStart = await generatedSoFar(posts);
  const newPosts = Math.max(0, target.posts - (await have(posts)));
  for (let from = 0; from < newPosts; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, newPosts - from) }, (_, k) => {
      const i = postStart + from + k;
      const sample = copyOf(i);
      const word = distinguishingWord(i);
      // Its own word opens the body, so its text is the sample's with one line before it.
      const content = `Filed under ${word}.\n\n${sample.content}`;
      return {
        ...sample,
        slug: `generated-post-${String(i)}`,
        title: `${sample.title} (${word})`,
        content,
        ...bodyColumns({ content, format: "markdown" }),
        category: CATEGORIES[i % CATEGORIES.length] ?? "Meh Moments",
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
      const duration = 60 + (i % 600);
      return {
        slug: `generated-video-${String(i)}`,
        title: `On the ${words[(i * 13) % words.length] ?? "meh"}, part ${String(i)}`,
        description: generatedText(words, i + 1_000_000, 2),
        videoUrl: sampleVideo.videoUrl,
        thumbnailUrl: sampleVideo.thumbnailUrl,
        transcript: generatedTranscript(words, i + 2_000_000, duration),
        duration,
        category: CATEGORIES[i % CATEGORIES.length] ?? "Meh Moments",
        mehRating: (i % 5) + 1,
        publishedAt: new Date(Date.UTC(2020, 0, 1) + i * HOUR),
      };
    });
    await db.insert(videos).values(rows);
  }
  return { posts: await have(posts), videos: await have(videos) };
}
