import { MEH_RATING, PLACEHOLDER_IMAGE } from "../../../../db/domain-constants.ts";
import { plainToMarkdown } from "@/lib/markdown/escape-markdown";
import { readMarkdownFile } from "@/modules/archive/item-files";
import { refuseExport, type SourceItem } from "../source-item";
import { textField, type Fields } from "./front-matter";
import { checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";

// This site's own archive (docs/archive-format.md): a post or video is a Markdown file whose
// front matter holds every column under its name in the database, its body after it. The
// item carries what a source item can; the rest is named in `dropped`.

const STATUSES = new Set(["published", "draft", "scheduled"]);
const ANALYSIS = ["existential_echo", "soundtrack_potential", "emotional_texture"];

function fieldsOf(text: string, path: string): { fields: Fields; body: string } {
  const file = readMarkdownFile(text);
  if (!file) throw refuseExport("it is not a post or video as the site archives them.", path);
  return file;
}

/** What the site's columns hold that an imported item cannot: a rating, its analysis, a gallery, a featured mark. */
function droppedOf(fields: Fields): string[] {
  const dropped: string[] = [];
  const rating = fields.meh_rating;
  if ((typeof rating === "number" && rating !== MEH_RATING.default) || ANALYSIS.some((key) => textField(fields, key))) {
    dropped.push("its meh rating and analysis");
  }
  if (Array.isArray(fields.gallery) && fields.gallery.length > 0) {
    dropped.push(`${String(fields.gallery.length)} gallery image${fields.gallery.length === 1 ? "" : "s"}`);
  }
  if (fields.featured === true) dropped.push("its featured mark");
  return dropped;
}

function common(kind: "post" | "video", fields: Fields, path: string) {
  const slug = textField(fields, "slug") ?? "";
  const sourceId = `archive:${kind}:${slug}`;
  const title = checkedTitle(textField(fields, "title") ?? "", sourceId);
  const name = itemName(title, sourceId);
  const status = textField(fields, "status") ?? "";
  if (!STATUSES.has(status)) throw refuseExport(`its status "${status}" is not one the site knows.`, path);
  return {
    sourceId,
    kind,
    isPage: false,
    title,
    slug,
    name,
    status: status as SourceItem["status"],
    publishedAt: sourceDate(fields.published_at, "published_at", name),
    updatedAt: sourceDate(fields.updated_at, "updated_at", name),
    terms: [textField(fields, "category")].filter((term) => term !== null),
    oldPaths: [],
    dropped: droppedOf(fields),
  };
}

/** A post of the archive (`posts/<slug>.md`) as an item; its `/uploads/…` refs are opened from the archive. */
export function archivePost(text: string, path: string): SourceItem {
  const { fields, body } = fieldsOf(text, path);
  const { name, ...item } = common("post", fields, path);
  const image = textField(fields, "image_url");
  const markdown = fields.format === "plain" ? plainToMarkdown(body) : body;
  return {
    ...item,
    excerpt: textField(fields, "excerpt"),
    body: { format: "markdown", markdown: checkedBody(markdown, name) },
    cover:
      image && image !== PLACEHOLDER_IMAGE
        ? { ref: image, alt: fields.image_decorative === true ? null : textField(fields, "image_alt") }
        : null,
  };
}

/** A video of the archive (`videos/<slug>.md`) as an item, with its file, poster and captions as refs. */
export function archiveVideo(text: string, path: string): SourceItem {
  const { fields, body } = fieldsOf(text, path);
  const { name, ...item } = common("video", fields, path);
  const file = textField(fields, "video_url");
  if (!file) throw refuseExport("it names no video file.", path);
  const duration = fields.duration;
  return {
    ...item,
    excerpt: null,
    // A video's description is plain text, each line a paragraph.
    body: { format: "markdown", markdown: checkedBody(plainToMarkdown(body), name) },
    cover: null,
    video: {
      file,
      poster: textField(fields, "thumbnail_url"),
      captions: textField(fields, "captions_url"),
      durationSeconds: typeof duration === "number" ? duration : null,
    },
  };
}
