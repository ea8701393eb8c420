import { open, readFile, stat } from "node:fs/promises";
import { z } from "zod";
import { ExportZip } from "../export-zip.server";
import { refuseExport, type ExportReader, type SourceItem } from "../source-item";
import { isZipJunk } from "./export-root";
import { ghostDocumentHtml } from "./ghost-document";
import { checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";
import { PAGES_NOT_ASKED, SkipTally, type ReaderOptions } from "./reader-options";
import { zipMedium } from "./zip-files.server";

// Ghost's export (Settings → Labs → Export): one JSON document, `{ db: [{ meta, data }] }`
// (or `{ meta, data }` bare, as older versions and hand-made ones are), its tables under
// `data`: posts (pages among them), tags and the links between, authors, posts' meta. It has
// no images: those are the site's `content/images` folder, which the owner may zip with the
// JSON, else they are fetched from the old site by their addresses.

/** The largest export read: a JSON is read whole. */
const MOST_JSON_BYTES = 200 * 1024 ** 2;

const text = z.string().nullish();
const postSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  uuid: text,
  title: z.string().default(""),
  slug: text,
  html: text,
  lexical: text,
  mobiledoc: text,
  feature_image: text,
  custom_excerpt: text,
  status: z.string().default("draft"),
  visibility: text,
  // v3 and later name a page by its type; v2 by a flag.
  type: text,
  page: z.union([z.boolean(), z.number()]).nullish(),
  published_at: text,
  updated_at: text,
  created_at: text,
  codeinjection_head: text,
  codeinjection_foot: text,
});
type GhostPost = z.infer<typeof postSchema>;

const dataSchema = z.object({
  posts: z.array(z.unknown()).default([]),
  tags: z
    .array(z.object({ id: z.union([z.string(), z.number()]).transform(String), name: z.string(), visibility: text }))
    .default([]),
  posts_tags: z
    .array(
      z.object({
        post_id: z.union([z.string(), z.number()]).transform(String),
        tag_id: z.union([z.string(), z.number()]).transform(String),
        sort_order: z.number().nullish(),
      }),
    )
    .default([]),
  posts_meta: z
    .array(z.object({ post_id: z.union([z.string(), z.number()]).transform(String), feature_image_alt: text }))
    .default([]),
});
const exportSchema = z.union([
  z.object({ db: z.array(z.object({ data: dataSchema })).min(1) }).transform((e) => e.db[0]?.data),
  z.object({ meta: z.looseObject({}), data: dataSchema }).transform((e) => e.data),
]);

const STATUSES: Record<string, SourceItem["status"]> = {
  published: "published",
  sent: "published",
  scheduled: "scheduled",
  draft: "draft",
};

/** Whether a file is a zip, by its first bytes. */
async function isZip(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.toString("latin1") === "PK\x03\x04";
  } finally {
    await handle.close();
  }
}

/** The JSON of the export: the file itself, or the one JSON a zip holds beside `content/images`. */
async function exportJson(file: string, zip: ExportZip | null): Promise<{ json: string; root: string }> {
  if (!zip) {
    if ((await stat(file)).size > MOST_JSON_BYTES) throw refuseExport("This Ghost export is larger than 200 MB.");
    return { json: await readFile(file, "utf8"), root: "" };
  }
  const jsons = zip.paths.filter(
    (path) => path.toLowerCase().endsWith(".json") && !isZipJunk(path) && !path.includes("content/"),
  );
  const [path] = jsons;
  if (jsons.length !== 1 || path === undefined) {
    throw refuseExport(
      `Not a Ghost export: the zip should hold one JSON file beside content/images, and holds ${String(jsons.length)}.`,
    );
  }
  return { json: await zip.text(path, MOST_JSON_BYTES), root: path.slice(0, path.lastIndexOf("/") + 1) };
}

function parseExport(json: string) {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw refuseExport("Not a Ghost export: it is not JSON.");
  }
  const parsed = exportSchema.safeParse(value);
  if (!parsed.success || !parsed.data)
    throw refuseExport("Not a Ghost export: it has no db[0].data.posts as Ghost writes it.");
  return parsed.data;
}

/**
 * A cover's address as the body names the same image: a path on the old site (Ghost writes
 * `__GHOST_URL__` for the site's own, as the converter does), its original rather than a
 * resized copy, so an image that is both cover and figure is brought once.
 */
const coverRef = (address: string | null | undefined) =>
  address
    ? address.replace(/^__GHOST_URL__/, "").replace(/\/content\/images\/size\/w\d+(h\d+)?\//, "/content/images/")
    : null;

function itemOf(post: GhostPost, terms: string[], alt: string | null): SourceItem {
  const sourceId = `ghost:${post.id}`;
  const title = checkedTitle(post.title, sourceId);
  const name = itemName(title, sourceId);
  const dropped: string[] = [];
  let html = post.html ?? "";
  if (!html) {
    const drawn = ghostDocumentHtml(post.lexical ?? null, post.mobiledoc ?? null);
    html = drawn.html;
    dropped.push(...drawn.dropped);
  }
  if (post.visibility && post.visibility !== "public") dropped.push("being for members only (it is public here)");
  if (post.codeinjection_head || post.codeinjection_foot) dropped.push("its code injection");
  const cover = coverRef(post.feature_image);
  return {
    sourceId,
    kind: "post",
    isPage: post.type === "page" || post.page === true || post.page === 1,
    title,
    slug: post.slug ?? "",
    excerpt: post.custom_excerpt?.trim() || null,
    body: { format: "html", flavor: "ghost", html: checkedBody(html, name) },
    status: STATUSES[post.status] ?? "draft",
    publishedAt: sourceDate(post.published_at ?? post.created_at, "published_at", name),
    updatedAt: sourceDate(post.updated_at, "updated_at", name),
    terms,
    cover: cover ? { ref: cover, alt } : null,
    oldPaths: post.slug ? [`/${post.slug}/`] : [],
    dropped,
  };
}

/** The path in the zip of an image the export's posts name (`/content/images/2024/01/a.jpg`, any size of it). */
function imagePath(ref: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(ref.replace(/^__GHOST_URL__/, ""), "http://old.invalid").pathname);
  } catch {
    return null;
  }
  const at = path.indexOf("/content/images/");
  if (at < 0) return null;
  return path
    .slice(at + 1)
    .replace(/^content\/images\/size\/w\d+(h\d+)?\//, "content/images/")
    .replace(/^content\/images\/format\/\w+\//, "content/images/");
}

/**
 * Open a Ghost export: its JSON, or a zip of it with the site's `content/images`. Posts
 * become posts, pages only when asked; internal tags (`#…`) are left out of the terms. Ghost
 * writes no site address in its export, so the old site's images are found in the zip, or
 * fetched from the address the posts' links give, else listed as missing.
 */
export async function openGhostExport(file: string, options: ReaderOptions = {}): Promise<ExportReader> {
  const zip = (await isZip(file)) ? await ExportZip.open(file) : null;
  let data: z.infer<typeof dataSchema>;
  let root: string;
  try {
    const found = await exportJson(file, zip);
    root = found.root;
    data = parseExport(found.json);
  } catch (error) {
    zip?.close();
    throw error;
  }
  const tagNames = new Map(
    data.tags.filter((t) => t.visibility !== "internal" && !t.name.startsWith("#")).map((t) => [t.id, t.name]),
  );
  const termsOf = new Map<string, string[]>();
  for (const link of [...data.posts_tags].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))) {
    const name = tagNames.get(link.tag_id);
    if (name) termsOf.set(link.post_id, [...(termsOf.get(link.post_id) ?? []), name]);
  }
  const altOf = new Map(data.posts_meta.map((m) => [m.post_id, m.feature_image_alt ?? null]));
  const tally = new SkipTally();
  return {
    kind: "ghost",
    siteUrl: null,
    // eslint-disable-next-line @typescript-eslint/require-await -- an export's items are read in turn, as every reader's are.
    async *items() {
      tally.reset();
      for (const [index, raw] of data.posts.entries()) {
        const post = postSchema.safeParse(raw);
        if (!post.success) throw refuseExport(`post ${String(index + 1)} is not a post as Ghost writes it.`);
        const item = itemOf(post.data, termsOf.get(post.data.id) ?? [], altOf.get(post.data.id) ?? null);
        if (item.isPage && !options.includePages) tally.add(PAGES_NOT_ASKED);
        else yield item;
      }
    },
    skipped: () => tally.counts(),
    async openMedia(ref) {
      const path = zip && imagePath(ref);
      if (!zip || !path) return null;
      return zipMedium(zip, `${root}${path}`);
    },
    close() {
      zip?.close();
      return Promise.resolve();
    },
  };
}
