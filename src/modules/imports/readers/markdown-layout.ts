import { fileSlug } from "@/modules/archive/archive-format";
import { jekyllPermalink } from "./jekyll-permalink";

/** Which static-site tool wrote a Markdown folder, or this site's own archive. */
export type MarkdownFlavor = "jekyll" | "hugo" | "astro" | "bear" | "plain" | "archive";

/** What a Markdown file is in its folder: a post, a page, a Hugo section's list page, or none of the site's. */
export type FileRole = "post" | "page" | "section";

const MARKDOWN = /\.(md|markdown|mdx)$/i;
/** Jekyll names a post by its day: `_posts/2019-05-01-some-post.md`. */
const JEKYLL_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;
/** A Hugo page bundle or an Astro folder entry keeps its text in `index.md`, named by its folder. */
const BUNDLE_INDEX = /^_?index$/;

/**
 * The tool a folder's layout names, from its paths alone; Bear and plain folders look alike
 * and are told apart by their front matter.
 * @example layoutFlavor(["_config.yml", "_posts/2019-05-01-a.md"]) // "jekyll"
 */
export function layoutFlavor(paths: readonly string[]): "jekyll" | "hugo" | "astro" | null {
  if (paths.some((path) => /^_(posts|drafts)\//.test(path) || path === "_config.yml")) return "jekyll";
  if (paths.some((path) => path.startsWith("src/content/") || /^astro\.config\.\w+$/.test(path))) return "astro";
  if (paths.some((path) => path.startsWith("content/"))) return "hugo";
  return null;
}

/** What a file is in a folder of that flavor, or null when it is no post or page (a theme's, a README, a data file). */
export function fileRole(path: string, flavor: MarkdownFlavor): FileRole | null {
  if (!MARKDOWN.test(path) || path.split("/").some((part) => part.startsWith(".") || part === "node_modules")) {
    return null;
  }
  const parts = path.split("/");
  switch (flavor) {
    case "jekyll":
      if (/^_(posts|drafts)\//.test(path)) return "post";
      return parts.some((part) => part.startsWith("_")) || /^readme\./i.test(path) ? null : "page";
    case "hugo":
      if (parts[0] !== "content") return null;
      if (baseName(path) === "_index") return "section";
      return parts.length === 2 ? "page" : "post";
    case "astro":
      if (path.startsWith("src/content/")) return "post";
      return path.startsWith("src/pages/") ? "page" : null;
    default:
      return "post";
  }
}

/** A file's name without its folder and extension. */
export const baseName = (path: string): string => (path.split("/").pop() ?? "").replace(MARKDOWN, "");

/** The name a file gives its item: its own, or its folder's for a bundle's `index.md`, without Jekyll's day. */
export function fileTitle(path: string): string {
  const parts = path.split("/");
  const name = BUNDLE_INDEX.test(baseName(path)) && parts.length > 1 ? (parts.at(-2) ?? "") : baseName(path);
  return JEKYLL_NAME.exec(name)?.[4] ?? name;
}

/** The slug a file's name gives, as Jekyll, Hugo and Astro make addresses from it. */
export const fileNameSlug = (path: string): string => fileSlug(fileTitle(path));

/** The day a Jekyll post's file name gives, as `YYYY-MM-DD`. */
export function jekyllDay(path: string): string | null {
  const match = JEKYLL_NAME.exec(baseName(path));
  return match ? `${match[1] ?? ""}-${match[2] ?? ""}-${match[3] ?? ""}` : null;
}

/**
 * The address the tool gave a post when its front matter named none, kept as an old path:
 * Jekyll's by the site's `permalink` setting, Hugo's `/:section/:slug/`, Bear's `/:slug/`.
 */
export function defaultPath(
  path: string,
  flavor: MarkdownFlavor,
  post: { slug: string; publishedAt: Date | null; categories: string[]; sitePermalink: string | null },
): string | null {
  if (flavor === "jekyll") {
    if (!path.startsWith("_posts/") || !post.publishedAt) return null;
    return jekyllPermalink(post.sitePermalink, { slug: post.slug, day: post.publishedAt, categories: post.categories });
  }
  const parts = path.split("/");
  if (flavor === "hugo" && parts[0] === "content" && parts.length > 2) return `/${parts[1] ?? ""}/${post.slug}/`;
  if (flavor === "bear") return `/${post.slug}/`;
  return null;
}
