import { toText } from "hast-util-to-text";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import type { BodyFormat } from "../../../db/body-formats.ts";
import { escapeXml } from "@/lib/escape-xml";
import { paragraphs } from "@/lib/format";
import { eachElement } from "./hast";
import type { ImageSize } from "@/lib/image-url";
import { rehypeExternalVideos } from "./external-videos";
import { rehypeImageSizes } from "./image-sizes";
import { markdownTree } from "./pipeline";
import { rehypeHeadingAnchors } from "./heading-anchors";
import { rehypeAbsoluteUrls } from "./outside-links";
import { rehypeSidenotes } from "./sidenotes";
import { rehypeTableOfContents } from "./table-of-contents";
import { rehypeVideoEmbeds, type EmbeddedVideo } from "./video-embeds";
import { TextMemo } from "../text-memo";

/** A post's body: its source and how it is written. */
export interface PostBody {
  content: string;
  format: BodyFormat;
}

/**
 * What a body shows that lives outside it, read by its caller (`renderBody` reads no
 * database or store): the site's public videos it embeds, by slug, and the size of each of
 * the site's uploaded images it shows, by path. A slug not in `videos` is drawn as nothing;
 * an upload not in `images` is missing, and the placeholder stands in.
 */
export interface BodyMedia {
  videos?: ReadonlyMap<string, EmbeddedVideo>;
  images?: ReadonlyMap<string, ImageSize>;
}

/**
 * Where a body is read. `page`, on the site: its contents at the start once it has three
 * headings, notes as sidenotes, headings with a link to themselves, embeds that load their
 * player when asked. `mail`, in letters and feed readers, which read no stylesheet of ours
 * and run no script: notes as endnotes, no anchors or contents, a video as its poster and
 * title, the site's own addresses absolute. `idPrefix` starts every id in the body, so two
 * posts on one page never share one (`postIdPrefix`).
 */
export type BodyOptions = { idPrefix: string; media?: BodyMedia } & (
  { medium: "page" } | { medium: "mail"; siteUrl: string }
);

/**
 * The id prefix of a post's body.
 * @example postIdPrefix(12) // "p12-"
 */
export const postIdPrefix = (postId: number): string => `p${String(postId)}-`;

const stringify = unified().use(rehypeStringify);

/**
 * A post's body as HTML, the one way every place that shows it draws it (its page, its
 * preview, its feed item, its letter). A plain post is a paragraph per line, escaped; a
 * Markdown one goes through the sanitised pipeline (`markdownProcessor`).
 * @example renderBody({ content: "One\nTwo", format: "plain" }, options) // "<p>One</p><p>Two</p>"
 */
export function renderBody(body: PostBody, options: BodyOptions): string {
  if (body.format === "plain")
    return paragraphs(body.content)
      .map((p) => `<p>${escapeXml(p)}</p>`)
      .join("");
  const { idPrefix, medium, media = {} } = options;
  // Everything the HTML depends on, then the source: the JSON ends where its array closes.
  const key =
    JSON.stringify([
      medium,
      idPrefix,
      options.medium === "mail" ? options.siteUrl : "",
      [...(media.videos ?? [])],
      [...(media.images ?? [])],
    ]) + body.content;
  return renderedBodies.get(key, () => renderMarkdown(body.content, options));
}

// A feed re-renders its twenty newest bodies whenever anything is published, and a post's
// page its body whenever the theme changes, though the bodies seldom did: a parse costs about
// a millisecond per 3,000 characters. Some 2 million characters (a hundred long essays, each
// with its HTML) are kept, at most a few MB.
const renderedBodies = new TextMemo<string>(2_000_000, (html) => html.length);

function renderMarkdown(content: string, options: BodyOptions): string {
  const { idPrefix, medium, media = {} } = options;
  const tree = markdownTree(content, idPrefix);
  // Sized before the embeds are drawn: a poster is sized by its embed.
  rehypeImageSizes(medium, media.images)(tree);
  rehypeVideoEmbeds(medium, media.videos)(tree);
  if (options.medium === "page") {
    rehypeExternalVideos()(tree);
    rehypeTableOfContents(idPrefix)(tree);
    rehypeHeadingAnchors(idPrefix)(tree);
    rehypeSidenotes(idPrefix)(tree);
  } else {
    rehypeAbsoluteUrls(options.siteUrl)(tree);
  }
  return stringify.stringify(tree);
}

/**
 * The words of a post's body as a reader reads them, paragraphs apart, with its notes at the
 * end: never its markup. What read time, the excerpt's fallback, search and structured
 * data count.
 * @example bodyText({ content: "Some *words*.[^1]\n\n[^1]: A note.", format: "markdown" }) // "Some words.1\n\nA note."
 */
export function bodyText(body: PostBody): string {
  // Runs of spaces read as one, in a browser as in Markdown's text.
  if (body.format === "plain")
    return paragraphs(body.content)
      .map((p) => p.replace(/\s+/g, " "))
      .join("\n\n");
  const tree = markdownTree(body.content, "");
  // What GFM adds to be clicked, not read: the notes' back-links and their heading.
  eachElement(tree, (node, parent, index) => {
    const { className, dataFootnoteBackref } = node.properties;
    const clicked =
      dataFootnoteBackref !== undefined || (Array.isArray(className) && className.includes("footnotes__label"));
    if (!clicked) return;
    parent.children.splice(index, 1);
    return index;
  });
  return toText(tree).trim();
}
