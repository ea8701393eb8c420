import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { MEH_RATING } from "../../../db/domain-constants.ts";
import { CATEGORIES } from "@/lib/categories";
import { slugify } from "@/lib/slug";
import { mp4Duration } from "@/modules/videos/mp4-duration";

const analysis = {
  existentialEcho: z.string().trim().min(1).optional(),
  soundtrackPotential: z.string().trim().min(1).optional(),
  emotionalTexture: z.string().trim().min(1).optional(),
};

const common = {
  title: z.string().trim().min(1),
  slug: z.string().optional(),
  category: z.enum(CATEGORIES),
  mehRating: z.number().int().min(MEH_RATING.min).max(MEH_RATING.max),
  featured: z.boolean().default(false),
  publishedAt: z.coerce.date(),
  ...analysis,
};

/** Front matter of a sample post in `content/posts/*.md`; media paths are relative to `content/`. */
const postFrontmatter = z.object({
  ...common,
  excerpt: z.string().trim().min(1),
  image: z.string().min(1),
  // What the cover shows, read out to those who cannot see it.
  imageAlt: z.string().min(1).max(300),
  gallery: z.array(z.object({ image: z.string().min(1), description: z.string().optional() })).default([]),
});

/** Front matter of a sample video in `content/videos/*.md`. */
const videoFrontmatter = z.object({
  ...common,
  video: z.string().min(1),
  poster: z.string().min(1),
  // A WebVTT chapters track, for a sample that shows chapters drawn from a file.
  chapters: z.string().min(1).optional(),
});

export type SamplePost = z.output<typeof postFrontmatter> & { slug: string; content: string };
export type SampleVideo = z.output<typeof videoFrontmatter> & {
  slug: string;
  description: string;
  /** Whole seconds, read from the MP4 itself. */
  duration: number;
};

export interface SampleContent {
  posts: SamplePost[];
  videos: SampleVideo[];
}

/** Read and validate the sample content; a bad file fails with its name and the field. */
export async function loadContent(dir: string): Promise<SampleContent> {
  const posts = await readCollection(path.join(dir, "posts"), postFrontmatter, (data, body) => ({
    ...data,
    slug: data.slug ?? slugify(data.title),
    content: body,
  }));
  const videos = await readCollection(path.join(dir, "videos"), videoFrontmatter, async (data, body) => {
    const duration = mp4Duration(await readFile(path.join(dir, data.video)));
    if (duration === null) throw new Error(`${data.video}: not an MP4 with a movie header`);
    return { ...data, slug: data.slug ?? slugify(data.title), description: body, duration };
  });
  return { posts, videos };
}

async function readCollection<S extends z.ZodType, T>(
  dir: string,
  schema: S,
  build: (data: z.output<S>, body: string) => T | Promise<T>,
): Promise<T[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => {
      const { data, content } = matter(await readFile(path.join(dir, file), "utf8"));
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${path.join(dir, file)}: ${issue?.path.join(".")}: ${issue?.message}`);
      }
      return build(parsed.data, content.trim());
    }),
  );
}
