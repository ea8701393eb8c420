import type { SourceImage, SourceItem } from "../source-item";
import { anyField, isFalse, isTrue, listField, textField, type Fields } from "./front-matter";
import { checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";
import { defaultPath, fileNameSlug, fileTitle, jekyllDay, type FileRole, type MarkdownFlavor } from "./markdown-layout";
import { exportPath, rewriteRefs } from "./markdown-refs";
import { toolSyntaxToMarkdown } from "./markdown-syntax";
import { outsideCode } from "./outside-code";

/** One Markdown file of a folder, read: where it is, what it is, its front matter and body. */
export interface MarkdownFile {
  path: string;
  role: FileRole;
  flavor: MarkdownFlavor;
  fields: Fields;
  body: string;
  /** Whether the export holds a file at this path, to resolve the body's refs. */
  has: (path: string) => boolean;
  /** A Jekyll site's `permalink` setting (`_config.yml`), which makes its posts' addresses. */
  sitePermalink: string | null;
}

/** The first `# ` heading of a body, outside code, and the body without it. */
function firstHeading(body: string): { title: string | null; body: string } {
  let title: string | null = null;
  const rest = outsideCode(body, (prose) =>
    title === null
      ? prose.replace(/^# +(.+?)[ \t]*#*[ \t]*(?:\n|$)/m, (_line, text: string) => {
          title = text;
          return "";
        })
      : prose,
  );
  return { title, body: rest };
}

/** A cover field as an image: a ref, or an object with one (`cover: { image, alt }`, `image: { src }`). */
function coverOf(fields: Fields, file: MarkdownFile): SourceImage | null {
  const value = anyField(fields, "cover", "image", "heroImage", "meta_image", "feature_image");
  const object = typeof value === "object" && value !== null ? (value as Fields) : null;
  const ref = object ? textField(object, "image", "src", "url") : typeof value === "string" ? value.trim() : null;
  if (!ref) return null;
  const alt = (object && textField(object, "alt")) ?? textField(fields, "image_alt", "imageAlt", "heroImageAlt");
  return { ref: exportPath(ref, file.path, file.has) ?? ref, alt };
}

/** An old address as a path: a full URL's path, a relative one rooted; none for a pattern (`/:year/:title/`). */
function asPath(value: string): string | null {
  let path = value.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  if (!path || path.includes("/:") || path.startsWith(":")) return null;
  path = path.startsWith("/") ? path : `/${path}`;
  return path === "/" ? null : path;
}

/**
 * A Markdown folder's file as an item: its fields under the names Jekyll, Hugo, Astro and
 * Bear give them, its body with the tool's own syntax made Markdown and its refs to files in
 * the export named by their paths there.
 */
export function markdownItem(file: MarkdownFile): SourceItem {
  const { fields, path, flavor } = file;
  const sourceId = `md:${path}`;
  const heading = textField(fields, "title") === null ? firstHeading(file.body) : { title: null, body: file.body };
  const title = checkedTitle(textField(fields, "title") ?? heading.title ?? fileTitle(path), sourceId);
  const name = itemName(title, sourceId);
  const syntax = toolSyntaxToMarkdown(heading.body, path.toLowerCase().endsWith(".mdx"));
  const markdown = rewriteRefs(syntax.markdown, path, file.has).trim();
  const day = anyField(fields, "date", "published_date", "pubDate", "publishDate") ?? jekyllDay(path);
  const publishedAt = sourceDate(day, "date", name);
  const splitAtSpaces = flavor === "jekyll";
  const categories = listField(fields.categories ?? fields.category, splitAtSpaces);
  const slug = textField(fields, "slug", "link") ?? fileNameSlug(path);
  const draft = isTrue(fields.draft) || isFalse(fields.published) || path.startsWith("_drafts/");
  // An address the file names for itself replaces the tool's default, which it then never had.
  const own = anyField(fields, "permalink", "url");
  const aliases = [fields.aliases, fields.alias, fields.redirect_from].flatMap((value) => listField(value, false));
  const oldPaths = [
    ...listField(own, false),
    ...aliases,
    own ? null : defaultPath(path, flavor, { slug, publishedAt, categories, sitePermalink: file.sitePermalink }),
  ];
  return {
    sourceId,
    kind: "post",
    isPage: file.role === "page" || isTrue(fields.is_page),
    title,
    slug,
    excerpt: textField(fields, "description", "excerpt", "summary", "meta_description"),
    body: { format: "markdown", markdown: checkedBody(markdown, name) },
    status: draft ? "draft" : "published",
    publishedAt,
    updatedAt: sourceDate(anyField(fields, "lastmod", "updated", "updatedDate"), "update date", name),
    terms: [...new Set([...categories, ...listField(fields.tags, splitAtSpaces)])],
    cover: coverOf(fields, file),
    oldPaths: [...new Set(oldPaths.flatMap((value) => (value ? (asPath(value) ?? []) : [])))],
    dropped: syntax.dropped,
  };
}
