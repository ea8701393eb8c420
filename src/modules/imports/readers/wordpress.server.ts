import { createReadStream } from "node:fs";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { ownString } from "@/lib/own-string";
import { wordpressFootnotes } from "../html/wordpress-footnotes";
import { refuseExport, type ExportReader, type SourceItem } from "../source-item";
import { checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";
import { PAGES_NOT_ASKED, SkipTally, type ReaderOptions } from "./reader-options";

// WordPress's export (Tools → Export): WXR, an RSS 2.0 feed with the `wp:` namespace, one
// `<item>` per post, page, attachment, menu item and the rest. Read as a stream, twice:
// first for the site's address and every attachment (a featured image is an attachment the
// post names by id, often further down the file), then for the posts themselves. Only one
// item's text is held at a time, so a 100 MB export reads in bounded memory.

/** No text of an export may grow past this: a body is refused at 5 MB, anything else long before. */
const MOST_TEXT = 10 * 1024 ** 2;

/** The fields of an item the reader keeps, by element name. */
const FIELDS = new Set([
  "title",
  "link",
  "pubDate",
  "content:encoded",
  "excerpt:encoded",
  "wp:post_id",
  "wp:post_date",
  "wp:post_date_gmt",
  "wp:post_modified_gmt",
  "wp:post_name",
  "wp:status",
  "wp:post_type",
  "wp:attachment_url",
  "wp:meta_key",
  "wp:meta_value",
]);

/** One `<item>` as read: its fields' text, its terms, its meta, and how many comments it had. */
interface RawItem {
  fields: Map<string, string>;
  categories: string[];
  tags: string[];
  meta: Map<string, string>;
  comments: number;
}

/** What the report calls the item types and statuses the site does not take. */
const SKIPPED_TYPES: Record<string, string> = {
  nav_menu_item: "menu items",
  revision: "revisions",
  wp_block: "reusable blocks",
  wp_template: "theme templates",
  wp_template_part: "theme template parts",
  wp_global_styles: "theme styles",
  wp_navigation: "navigation menus",
};
const SKIPPED_STATUSES: Record<string, string> = {
  trash: "posts in the trash",
  "auto-draft": "auto-drafts",
  inherit: "revisions",
};

/** Where a WordPress status leaves an item here; null for what is not taken. */
const STATUSES: Record<string, SourceItem["status"]> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "draft",
  private: "draft",
};

/**
 * Each `<item>` of the export at `file`, read as a stream (the items one chunk completes, at
 * a time), with `onChannel` told the channel's own fields; refuses what is not WXR, any
 * entity the document declares itself (entity expansion, external entities), and malformed
 * XML with its line.
 */
async function* wxrItems(
  file: string,
  onChannel: (name: string, text: string) => void = () => undefined,
): AsyncGenerator<RawItem> {
  const done: RawItem[] = [];
  const parser = new SaxesParser({ xmlns: false });
  const open: string[] = [];
  let item: RawItem | undefined;
  let text = "";
  let meta: { key: string; value: string } | undefined;
  let term: { domain: string } | undefined;
  let inComment = false;
  // Set by the parser's handlers, which run inside `write`.
  const seen = { wxrVersion: false };
  const counted = { items: 0 };
  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      throw refuseExport("This export declares entities of its own, which no WordPress export does: refused unread.");
    }
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    if (open.length === 0 && (tag.name !== "rss" || !Object.keys(tag.attributes).some((a) => a === "xmlns:wp"))) {
      throw refuseExport(
        "Not a WordPress export: it is XML, but not WordPress's WXR (an RSS feed with its wp: namespace).",
      );
    }
    open.push(tag.name);
    text = "";
    if (tag.name === "item") {
      counted.items++;
      item = { fields: new Map(), categories: [], tags: [], meta: new Map(), comments: 0 };
    } else if (item && tag.name === "wp:comment") {
      inComment = true;
      item.comments++;
    } else if (item && tag.name === "wp:postmeta") meta = { key: "", value: "" };
    else if (item && tag.name === "category") term = { domain: tag.attributes.domain ?? "" };
  });
  const take = (chunk: string) => {
    text += chunk;
    if (text.length > MOST_TEXT) {
      const id = item?.fields.get("wp:post_id")?.trim();
      const name = item
        ? itemName(item.fields.get("title"), id ? `wp:${id}` : `the export's item ${String(counted.items)}`)
        : undefined;
      throw refuseExport(`its ${open.at(-1) ?? "text"} is longer than ${String(MOST_TEXT)} characters.`, name);
    }
  };
  parser.on("text", take);
  parser.on("cdata", take);
  parser.on("closetag", (tag: SaxesTagPlain) => {
    open.pop();
    const name = tag.name;
    if (name === "wp:wxr_version") seen.wxrVersion = true;
    if (!item) {
      if (open.at(-1) === "channel") onChannel(name, text.trim());
    } else if (name === "item") {
      done.push(item);
      item = undefined;
    } else if (name === "wp:comment") inComment = false;
    else if (inComment) {
      // A comment's own fields are not the post's.
    } else if (meta && (name === "wp:meta_key" || name === "wp:meta_value")) {
      meta[name === "wp:meta_key" ? "key" : "value"] = text.trim();
    } else if (name === "wp:postmeta" && meta) {
      item.meta.set(meta.key, meta.value);
      meta = undefined;
    } else if (name === "category" && term) {
      const label = unescapeTerm(text.trim());
      if (label && term.domain === "category") item.categories.push(label);
      else if (label && term.domain === "post_tag") item.tags.push(label);
      term = undefined;
    } else if (FIELDS.has(name) && open.at(-1) === "item") item.fields.set(name, text);
    text = "";
  });
  parser.on("error", (error) => {
    throw refuseExport(`Not a readable WordPress export: ${error.message}`);
  });
  const stream = createReadStream(file, { encoding: "utf8" });
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      yield* done.splice(0);
    }
    parser.close();
    yield* done.splice(0);
  } finally {
    stream.destroy();
  }
  if (!seen.wxrVersion) throw refuseExport("Not a WordPress export: it has no wp:wxr_version.");
}

/** WordPress keeps a term's name escaped as HTML (`Food &amp; Drink`): the site wants it as read. */
const unescapeTerm = (name: string): string =>
  name
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, "&");

/** A WordPress date: GMT when it has one (a draft's is all zeros), else the site's local time, else the feed's. */
function dateOf(raw: RawItem, name: string): Date | null {
  const gmt = raw.fields.get("wp:post_date_gmt")?.trim();
  if (gmt && !gmt.startsWith("0000")) return sourceDate(gmt, "post_date_gmt", name);
  const local = raw.fields.get("wp:post_date")?.trim();
  if (local && !local.startsWith("0000")) return sourceDate(local, "post_date", name);
  // A draft never published has all three as nothing: its pubDate is WordPress's "-0001".
  const feed = raw.fields.get("pubDate")?.trim();
  return feed && !feed.includes("-0001") ? sourceDate(feed, "pubDate", name) : null;
}

/** The path a post answered at, from its permalink; none for a `?p=123` address, which is no path. */
function oldPathOf(link: string | undefined): string[] {
  if (!link) return [];
  try {
    const url = new URL(link.trim());
    return url.search || url.pathname === "/" ? [] : [url.pathname];
  } catch {
    return [];
  }
}

function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug.trim());
  } catch {
    return slug.trim();
  }
}

/** A post or page as an item, its featured image found among the attachments. */
function itemOf(
  raw: RawItem,
  status: SourceItem["status"],
  attachments: Map<string, { url: string; alt: string }>,
): SourceItem {
  const sourceId = `wp:${raw.fields.get("wp:post_id")?.trim() ?? ""}`;
  const title = checkedTitle(raw.fields.get("title") ?? "", sourceId);
  const name = itemName(title, sourceId);
  const featured = attachments.get(raw.meta.get("_thumbnail_id") ?? "");
  const customFields = [...raw.meta.keys()].filter((key) => !key.startsWith("_")).length;
  return {
    sourceId,
    kind: "post",
    isPage: raw.fields.get("wp:post_type") === "page",
    title,
    slug: decodedSlug(raw.fields.get("wp:post_name") ?? ""),
    excerpt: raw.fields.get("excerpt:encoded")?.trim() || null,
    // The block editor keeps a post's footnotes in its meta, not its content.
    body: {
      format: "html",
      flavor: "wordpress",
      html: checkedBody(
        (raw.fields.get("content:encoded") ?? "") + wordpressFootnotes(raw.meta.get("footnotes") ?? null),
        name,
      ),
    },
    status,
    publishedAt: dateOf(raw, name),
    updatedAt: (() => {
      const modified = raw.fields.get("wp:post_modified_gmt")?.trim();
      return modified && !modified.startsWith("0000") ? sourceDate(modified, "post_modified_gmt", name) : null;
    })(),
    terms: [...raw.categories, ...raw.tags],
    cover: featured ? { ref: featured.url, alt: featured.alt || null } : null,
    oldPaths: oldPathOf(raw.fields.get("link")),
    dropped: customFields ? [customFields === 1 ? "a custom field" : `${String(customFields)} custom fields`] : [],
  };
}

/**
 * Open a WordPress export (WXR). Posts become posts, pages only when asked; attachments give
 * featured images; comments, menu items, revisions, reusable blocks and other types are
 * counted as skipped. The export holds no media, so `openMedia` finds none: the importer
 * fetches them from the old site. Reading it once here checks the whole file: an export
 * that cannot be read is refused before anything is imported.
 */
export async function openWordPressExport(file: string, options: ReaderOptions = {}): Promise<ExportReader> {
  const attachments = new Map<string, { url: string; alt: string }>();
  let siteUrl: string | null = null;
  const channel = (name: string, text: string) => {
    if (name === "wp:base_blog_url" && text) siteUrl = text;
    else if (name === "wp:base_site_url" && text) siteUrl ??= text;
    else if (name === "link" && text) siteUrl ??= text;
  };
  for await (const raw of wxrItems(file, channel)) {
    if (raw.fields.get("wp:post_type") !== "attachment") continue;
    const url = raw.fields.get("wp:attachment_url")?.trim();
    const alt = raw.meta.get("_wp_attachment_image_alt") ?? "";
    const id = raw.fields.get("wp:post_id")?.trim() ?? "";
    if (url)
      // Kept while the whole export is read: copies, not slices of the chunks read (see ownString).
      attachments.set(ownString(id), { url: ownString(url), alt: ownString(alt) });
  }
  const tally = new SkipTally();
  return {
    kind: "wordpress",
    siteUrl,
    async *items() {
      tally.reset();
      for await (const raw of wxrItems(file)) {
        const type = raw.fields.get("wp:post_type") ?? "";
        for (let n = 0; n < raw.comments; n++) tally.add("comments");
        const wpStatus = raw.fields.get("wp:status")?.trim() ?? "";
        const status = STATUSES[wpStatus];
        if (type === "attachment") continue;
        if (type !== "post" && type !== "page") tally.add(SKIPPED_TYPES[type] ?? `${type.replaceAll("_", " ")} items`);
        else if (type === "page" && !options.includePages) tally.add(PAGES_NOT_ASKED);
        else if (!status) tally.add(SKIPPED_STATUSES[wpStatus] ?? `posts marked ${wpStatus || "with no status"}`);
        else yield itemOf(raw, status, attachments);
      }
    },
    skipped: () => tally.counts(),
    openMedia: () => Promise.resolve(null),
    close: () => Promise.resolve(),
  };
}
