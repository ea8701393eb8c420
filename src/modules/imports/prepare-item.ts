import { CATEGORIES, type Category } from "@/lib/categories";
import { bodyText } from "@/lib/markdown/render-body";
import { slugify } from "@/lib/slug";
import type { Publication } from "@/modules/editorial/publication";
import type { ImportOptions } from "./import-schemas";
import type { SourceItem } from "./source-item";

/** The site's limits on a post's fields (the post form's, `postInputSchema`). */
export const POST_LIMITS = { title: 200, excerpt: 500, content: 100_000 } as const;

/** An excerpt made from the body is a sentence or two, as the owner would write one. */
const MADE_EXCERPT = 240;

/** A title or excerpt cut at the last word boundary before `max`, with an ellipsis. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = cut.lastIndexOf(" ");
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}

/** The source's excerpt, else the body's first words. */
function excerptOf(item: SourceItem, markdown: string, title: string): string {
  const given = item.excerpt?.replace(/\s+/g, " ").trim();
  if (given) return shortened(given, POST_LIMITS.excerpt);
  const words = bodyText({ content: markdown, format: "markdown" }).replace(/\s+/g, " ").trim();
  return shortened(words || title, MADE_EXCERPT);
}

/**
 * The category a term suggests by its name: one of the four, matched without case or
 * punctuation ("meh moments", "Meh-Moments"), or null.
 */
export function suggestedCategory(term: string): Category | null {
  const key = slugify(term);
  return CATEGORIES.find((category) => slugify(category) === key) ?? null;
}

/** The category of the first of the item's terms the owner mapped, else the default. */
function categoryOf(item: SourceItem, options: ImportOptions): Category {
  for (const term of item.terms) {
    const mapped = options.categories[term];
    if (mapped) return mapped;
  }
  return options.defaultCategory;
}

/**
 * Where an imported item stands: a draft unless the owner chose to keep what was published
 * published, so nothing goes public by surprise; with its old date either way. A schedule
 * whose time has passed is published, as the site's own schedules are.
 */
export function importedPublication(item: SourceItem, options: ImportOptions, now: Date): Publication {
  const at = item.publishedAt ?? now;
  if (!options.keepPublished || item.status === "draft") return { status: "draft", publishedAt: at, lateSeconds: null };
  if (item.status === "scheduled" && at > now) return { status: "scheduled", publishedAt: at, lateSeconds: null };
  return { status: "published", publishedAt: at, lateSeconds: null };
}

/** A post's fields as an import writes them, once its body is Markdown. */
export interface PreparedPost {
  title: string;
  /** What the free slug is found from: the source's, else the title's. */
  slug: string;
  excerpt: string;
  content: string;
  category: Category;
  /** What changed on the way in, in the owner's words ("title shortened to 200 characters"). */
  notes: string[];
}

/**
 * An item's fields made to fit the site's post: the title shortened to the post's limit, an
 * excerpt made from the body when the source has none, the category from the owner's map.
 * Returns the reason instead when it cannot fit (a body longer than a post may be).
 */
export function preparePost(
  item: SourceItem,
  markdown: string,
  options: ImportOptions,
): { post: PreparedPost } | { refused: string } {
  if (markdown.length > POST_LIMITS.content) {
    return {
      refused: `its body is ${markdown.length.toLocaleString("en")} characters of Markdown, more than the ${POST_LIMITS.content.toLocaleString("en")} a post may hold`,
    };
  }
  const notes: string[] = [];
  const whole = item.title.replace(/\s+/g, " ").trim() || "Untitled";
  const title = shortened(whole, POST_LIMITS.title);
  if (title !== whole) notes.push(`title shortened to ${String(POST_LIMITS.title)} characters`);
  return {
    post: {
      title,
      slug: slugify(item.slug) || slugify(title) || "post",
      excerpt: excerptOf(item, markdown, title),
      content: markdown.trim() || "(This post had no words.)",
      category: categoryOf(item, options),
      notes,
    },
  };
}
