import { parse } from "csv-parse/sync";
import { z } from "zod";
import { ExportZip } from "../export-zip.server";
import { refuseExport, type ExportReader, type SourceItem } from "../source-item";
import { exportRoot } from "./export-root";
import { ITEM_LIMITS, checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";
import { PAGES_NOT_ASKED, SkipTally, type ReaderOptions } from "./reader-options";
import { itemText } from "./zip-files.server";

// Substack's export (Settings → Export): `posts.csv`, one row a post, and `posts/<post_id>.html`
// with each post's body alone. It also holds the subscriber list (`email_list.*.csv`) and each
// post's opens and deliveries (`posts/<post_id>.opens.csv`, `.delivers.csv`): readers' email
// addresses, which the site has no business reading, so only the two names above are opened.

const POSTS_CSV = "posts.csv";

const rowSchema = z.object({
  // `123456.some-slug`: the number, then the slug, which names the post's file (so never a folder).
  post_id: z.string().regex(/^\d+(\.[^/\\]*)?$/, "post_id is a number and a slug"),
  post_date: z.string(),
  is_published: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  type: z.string().optional(),
  audience: z.string().optional(),
});
type Row = z.infer<typeof rowSchema>;

const REQUIRED_COLUMNS = ["post_id", "post_date", "is_published", "title"] as const;

/** Audiences that kept a post from free readers; the site has no paywall to carry that over. */
const PAID_AUDIENCES = new Set(["only_paid", "founding"]);

function readRows(csv: string): Row[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw refuseExport(`Not a Substack export: posts.csv cannot be read (${(error as Error).message}).`);
  }
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED_COLUMNS.filter((column) => records.length > 0 && !header.includes(column));
  if (missing.length > 0) throw refuseExport(`Not a Substack export: posts.csv has no ${missing.join(", ")} column.`);
  return records.map((record, index) => {
    const row = rowSchema.safeParse(record);
    if (!row.success) {
      throw refuseExport(
        `Not a Substack export: row ${String(index + 2)} of posts.csv: ${row.error.issues[0]?.message ?? "?"}.`,
      );
    }
    return row.data;
  });
}

/** One row as an item, given its body; the reader has already chosen to take it. */
function itemOf(row: Row, html: string): SourceItem {
  const [id = "", ...slug] = row.post_id.split(".");
  const sourceId = `substack:${id}`;
  const title = checkedTitle(row.title, sourceId);
  const name = itemName(title, sourceId);
  const slugText = slug.join(".");
  const dropped: string[] = [];
  if (row.type === "podcast") dropped.push("podcast audio");
  if (PAID_AUDIENCES.has(row.audience ?? "")) dropped.push("its paid-subscribers-only audience");
  return {
    sourceId,
    kind: "post",
    isPage: row.type === "page",
    title,
    slug: slugText,
    excerpt: row.subtitle?.trim() || null,
    body: { format: "html", flavor: "substack", html: checkedBody(html, name) },
    status: row.is_published.trim().toLowerCase() === "true" ? "published" : "draft",
    publishedAt: sourceDate(row.post_date, "post_date", name),
    updatedAt: null,
    terms: [],
    cover: null,
    oldPaths: slugText ? [`/p/${slugText}`] : [],
    dropped,
  };
}

/**
 * Open a Substack export zip. Posts and podcasts become posts, pages only when asked; threads
 * and posts whose HTML the export lacks are counted as skipped. Images stay on Substack's CDN,
 * so `openMedia` finds none: the importer fetches them by address.
 */
export async function openSubstackExport(file: string, options: ReaderOptions = {}): Promise<ExportReader> {
  const zip = await ExportZip.open(file);
  const tally = new SkipTally();
  let rows: Row[];
  let root: string;
  try {
    const found = exportRoot(zip.paths, (at) => zip.has(`${at}${POSTS_CSV}`));
    if (found === null) throw refuseExport("Not a Substack export: the zip has no posts.csv.");
    root = found;
    rows = readRows(await zip.text(`${root}${POSTS_CSV}`, ITEM_LIMITS.csvBytes));
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    kind: "substack",
    siteUrl: null,
    async *items() {
      tally.reset();
      for (const row of rows) {
        if (row.type === "thread") tally.add("threads");
        else if (row.type === "page" && !options.includePages) tally.add(PAGES_NOT_ASKED);
        else {
          const path = `${root}posts/${row.post_id}.html`;
          if (!zip.has(path)) tally.add("posts without a body");
          else
            yield itemOf(row, await itemText(zip, path, ITEM_LIMITS.htmlFileBytes, itemName(row.title, row.post_id)));
        }
      }
    },
    skipped: () => tally.counts(),
    openMedia: () => Promise.resolve(null),
    close() {
      zip.close();
      return Promise.resolve();
    },
  };
}
