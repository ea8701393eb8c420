import { invalid, type DomainError } from "@/lib/errors";

/**
 * What every export reader gives the importer, whatever the source: one item at a time, in
 * the export's order, with its body as the source wrote it. The importer turns HTML into
 * Markdown (`htmlToMarkdown`), brings the media in and writes the rows; a reader only reads.
 */

/** The kinds of export the site can bring in. */
export const SOURCE_KINDS = ["wordpress", "ghost", "substack", "medium", "markdown", "archive"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** How an HTML body was written, so the converter knows the source's own markup (shortcodes, cards, figures). */
export type HtmlFlavor = "wordpress" | "ghost" | "substack" | "medium" | "plain";

export type SourceBody =
  | { format: "html"; flavor: HtmlFlavor; html: string }
  /** Markdown as the source wrote it (a Markdown folder, this site's archive). */
  | { format: "markdown"; markdown: string };

export interface SourceImage {
  /**
   * Where the source keeps it: an absolute `http(s)` address, or a path inside the export
   * (`content/images/2024/01/a.jpg`, `posts/a-post/cover.jpg`) that the reader's `openMedia` opens.
   */
  ref: string;
  alt: string | null;
}

export interface SourceItem {
  /**
   * Stable within the source: the same export read twice gives the same id, so importing it
   * again finds the item it made (`wp:123`, `ghost:5f1a…`, `substack:1234`, `md:posts/a.md`).
   */
  sourceId: string;
  kind: "post" | "video";
  /** True for a WordPress or Ghost page, or a Bear `is_page`: imported only when the owner asks. */
  isPage: boolean;
  title: string;
  /** The source's own slug when it has one, else made from the title by the importer (empty here). */
  slug: string;
  excerpt: string | null;
  body: SourceBody;
  status: "published" | "draft" | "scheduled";
  publishedAt: Date | null;
  updatedAt: Date | null;
  /** Categories and tags as the source names them, categories first. */
  terms: string[];
  cover: SourceImage | null;
  /** For a video from this site's archive: its file, poster and captions, as refs. */
  video?: { file: string; poster: string | null; captions: string | null; durationSeconds: number | null };
  /** Paths the item answered at on the old site (`/2019/05/some-post/`, `/p/some-post`), each starting with `/`. */
  oldPaths: string[];
  /** What the reader could not carry over, in the owner's words: "3 custom fields", "a poll". */
  dropped: string[];
}

/** One export opened for reading; read twice (the dry run, then the import), so `items` starts afresh each call. */
export interface ExportReader {
  kind: SourceKind;
  /** The old site's address, when the export names it (to rewrite its links to itself and find its media). */
  siteUrl: string | null;
  items(): AsyncIterable<SourceItem>;
  /**
   * What the export holds but the site does not take, counted as `items` was last read
   * through: `{ comments: 12, "pages (not asked for)": 3 }`.
   */
  skipped(): Record<string, number>;
  /** A medium inside the export by its ref, or null when the export does not hold it. */
  openMedia(ref: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  close(): Promise<void>;
}

/**
 * An export that cannot be read, or an item in it that cannot be taken, in words the owner
 * can act on: a 400 on the `export` field. `item` names the item (its title, else its source
 * id) when it is one item's fault, so the owner knows which to fix.
 */
export const refuseExport = (message: string, item?: string): DomainError =>
  invalid(item ? `${item}: ${message}` : message, "export");
