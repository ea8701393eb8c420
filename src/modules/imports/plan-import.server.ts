import pLimit from "p-limit";
import { type Db, tables } from "@/lib/db.server";
import { ownString } from "@/lib/own-string";
import { uniqueSlug } from "@/lib/slug";
import { bodyAddresses } from "./body-addresses";
import { FetchRefused, probeMedia, type FetchLimits } from "./fetch-media.server";
import { REPORT_EXAMPLES, type ImportOptions, type ImportReport } from "./import-schemas";
import { importedFrom, mediaBroughtFrom } from "./imported-items.server";
import { itemKey, itemMarkdown } from "./item-markdown";
import { redirectPath } from "./old-paths";
import { preparePost, suggestedCategory } from "./prepare-item";
import type { ExportReader, SourceItem } from "./source-item";

/** What a dry run reads with. */
export interface PlanSource {
  reader: ExportReader;
  /** The old site, as keys of what imports bring name it. */
  origin: string;
  fetch: FetchLimits;
  /** The markdown folder's kind, when the reader tells it. */
  flavor: string | null;
  /** Called after each item read, with how many so far. */
  onItem?: (read: number) => Promise<void>;
}

/** How many old-site addresses a dry run asks about at once, and at most in all (the rest are tried at import). */
const PROBES_AT_ONCE = 4;
const MOST_PROBED = 500;

/** Options that decide nothing the report shows: the dry run reads every item, pages too. */
const READING: ImportOptions = {
  defaultCategory: "Meh Moments",
  categories: {},
  keepPublished: false,
  includePages: true,
};

const title = (item: SourceItem) => item.title.trim().slice(0, 120) || item.sourceId;

/** The examples a report lists of something, and how many there are in all. */
class Examples<T> {
  readonly list: T[] = [];
  count = 0;
  add(example: T): void {
    this.count++;
    if (this.list.length < REPORT_EXAMPLES) this.list.push(example);
  }
}

/** Every post's slug there is: what a new one must not be. */
async function takenSlugs(db: Db): Promise<Set<string>> {
  const rows = await db.select({ slug: tables.posts.slug }).from(tables.posts);
  return new Set(rows.map((row) => row.slug));
}

/** Where each image waits: in the export, on the old site (asked), already here, or nowhere. */
async function findImages(db: Db, source: PlanSource, refs: Map<string, string>, report: ImportReport) {
  const brought = await mediaBroughtFrom(db, source.origin);
  const missing = new Examples<ImportReport["images"]["missing"][number]>();
  const probes: { ref: string; item: string; address: string }[] = [];
  for (const [ref, item] of refs) {
    if (brought.has(ref)) continue;
    const inExport = await source.reader.openMedia(ref);
    if (inExport) {
      // Only its size is wanted now; the stream is left unread.
      (inExport.stream as { destroy?: () => void }).destroy?.();
      report.images.inExport++;
      report.images.exportBytes += inExport.size;
      continue;
    }
    const address = /^https?:\/\//i.test(ref)
      ? ref
      : ref.startsWith("/") && source.reader.siteUrl
        ? new URL(ref, source.reader.siteUrl).href
        : null;
    if (!address) {
      missing.add({ ref, item, reason: "not in the export, and the old site's address is not known" });
      continue;
    }
    report.images.toFetch++;
    probes.push({ ref, item, address });
  }
  const limit = pLimit(PROBES_AT_ONCE);
  await Promise.all(
    probes.slice(0, MOST_PROBED).map(({ ref, item, address }) =>
      limit(async () => {
        try {
          await probeMedia(address, source.fetch);
        } catch (error) {
          if (!(error instanceof FetchRefused)) throw error;
          missing.add({ ref, item, reason: error.message });
        }
      }),
    ),
  );
  report.images.missing = missing.list;
  report.images.missingCount = missing.count;
}

/**
 * The dry run: read the whole export and say what importing it would do, writing nothing.
 * How many posts, pages and videos (and which were imported before: left alone), where
 * each image is (in the export, on the old site as asked, or missing, with why), which
 * slugs are taken and what they become, what the site cannot carry, what the export holds
 * that it does not take, every category and tag with the category its name suggests, and
 * the items that cannot be taken. An export that cannot be read at all is refused, naming
 * the item where it is one item's fault.
 */
export async function planImport(db: Db, source: PlanSource): Promise<ImportReport> {
  const { reader } = source;
  const report: ImportReport = {
    source: reader.kind,
    flavor: source.flavor,
    siteUrl: reader.siteUrl,
    items: { posts: 0, pages: 0, videos: 0, published: 0, drafts: 0, scheduled: 0, alreadyImported: 0 },
    images: { total: 0, inExport: 0, toFetch: 0, exportBytes: 0, missing: [], missingCount: 0 },
    slugClashes: [],
    slugClashCount: 0,
    dropped: [],
    skipped: {},
    terms: [],
    oldPaths: 0,
    refused: [],
  };
  const dropped = new Map<string, number>();
  const terms = new Map<string, number>();
  const images = new Map<string, string>();
  const clashes = new Examples<ImportReport["slugClashes"][number]>();
  // Read once, not per item: a large export has tens of thousands.
  const imported = await importedFrom(db, source.origin);
  const taken = await takenSlugs(db);
  let read = 0;
  for await (const item of reader.items()) {
    read++;
    if (item.kind === "video") report.items.videos++;
    else if (item.isPage) report.items.pages++;
    else report.items.posts++;
    if (imported.has(itemKey(source.origin, item))) {
      report.items.alreadyImported++;
      await source.onItem?.(read);
      continue;
    }
    report.items[item.status === "draft" ? "drafts" : item.status === "scheduled" ? "scheduled" : "published"]++;
    // What is kept past this item is copied, so it keeps no part of the export alive (see ownString).
    for (const term of item.terms) terms.set(ownString(term), (terms.get(term) ?? 0) + 1);
    const { markdown, dropped: lost } = itemMarkdown(item, reader.siteUrl);
    for (const what of [...item.dropped, ...lost]) dropped.set(what, (dropped.get(what) ?? 0) + 1);
    const prepared = preparePost(item, markdown, READING);
    if ("refused" in prepared) {
      report.refused.push({ item: title(item), reason: prepared.refused });
      await source.onItem?.(read);
      continue;
    }
    const becomes = uniqueSlug(prepared.post.slug, taken);
    taken.add(becomes);
    if (becomes !== prepared.post.slug) clashes.add({ item: title(item), slug: prepared.post.slug, becomes });
    for (const ref of [...bodyAddresses(markdown).images, ...(item.cover ? [item.cover.ref] : [])]) {
      if (!images.has(ref)) images.set(ownString(ref), ownString(title(item)));
    }
    report.oldPaths += new Set(item.oldPaths.map(redirectPath).filter(Boolean)).size;
    await source.onItem?.(read);
  }
  report.images.total = images.size;
  await findImages(db, source, images, report);
  report.slugClashes = clashes.list;
  report.slugClashCount = clashes.count;
  report.dropped = [...dropped].map(([what, count]) => ({ what, count })).sort((a, b) => b.count - a.count);
  report.skipped = reader.skipped();
  report.terms = [...terms]
    .map(([name, count]) => ({ name, count, suggested: suggestedCategory(name) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return report;
}
