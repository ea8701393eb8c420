import type { ImportProgress } from "../../../db/schema/imports.ts";
import type { Db } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { bodyReferences } from "@/lib/markdown/body-references";
import { changeOf } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { createPost } from "@/modules/posts/post-writes.server";
import { postInputSchema, type PostData } from "@/modules/posts/schema";
import { bodyAddresses, rewriteAddresses } from "./body-addresses";
import { bringMedia, type MediaSource } from "./bring-media.server";
import { REPORT_EXAMPLES, type ImportOptions, type ImportReport } from "./import-schemas";
import { stillRunning, touchRun } from "./import-runs.server";
import { alreadyImported, recordImported } from "./imported-items.server";
import { itemKey, itemMarkdown } from "./item-markdown";
import { redirectPath } from "./old-paths";
import { importedPublication, preparePost, type PreparedPost } from "./prepare-item";
import type { SourceItem } from "./source-item";

/** Old addresses are made live on the site every so many items, and at the end. */
const REDIRECTS_EVERY = 50;

/** What an import writes with: its media's source and where it stands. */
export interface ImportTarget extends MediaSource {
  options: ImportOptions;
  report: ImportReport;
  now?: () => Date;
}

/** The items an import will write: the report's, less pages unless asked and what was imported before. */
function itemsToWrite({ report, options }: ImportTarget): number {
  const { posts, pages } = report.items;
  return posts + (options.includePages ? pages : 0);
}

/** Every old address the export's items had: the links inside it that lead to one of them lead here now. */
async function exportPaths(target: ImportTarget): Promise<Set<string>> {
  const paths = new Set<string>();
  for await (const item of target.reader.items()) {
    for (const old of item.oldPaths) {
      const path = redirectPath(old);
      if (path) paths.add(path);
    }
  }
  return paths;
}

/**
 * Links to the old site's own posts, those the export brings, lead to their old addresses
 * here, which answer with the new pages whatever order the posts came in; every other link
 * stays as it was, to the old site.
 */
function linksToOldSite(links: string[], siteUrl: string | null, brought: ReadonlySet<string>): Map<string, string> {
  const map = new Map<string, string>();
  if (!siteUrl) return map;
  const host = new URL(siteUrl).host;
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link, siteUrl);
    } catch {
      continue;
    }
    const path = url.host === host ? redirectPath(url.pathname) : null;
    if (path && brought.has(path)) map.set(link, path);
  }
  return map;
}

/** The post an item becomes, its media brought in and its body pointing at them. */
async function postData(
  db: Db,
  target: ImportTarget,
  item: SourceItem,
  prepared: PreparedPost,
  progress: ImportProgress,
  brought: ReadonlySet<string>,
) {
  const copies = new Map<string, string>();
  const { images, links } = bodyAddresses(prepared.content);
  for (const ref of images) {
    const result = await bringMedia(db, target, ref);
    progress.bytesDone += result.bytes;
    if ("url" in result) copies.set(ref, result.url);
  }
  // Without a cover of its own, a post's first described image is its cover, as the old
  // platform's cards showed it. A cover of its own that nobody described is described by the
  // post's title, as WordPress's themes describe it: the site keeps no cover undescribed.
  const described = bodyReferences(prepared.content).images.find((image) => image.alt.trim());
  const coverImage = item.cover
    ? { ref: item.cover.ref, alt: item.cover.alt?.trim() || prepared.title }
    : described && { ref: described.src, alt: described.alt };
  const cover = coverImage ? await bringMedia(db, target, coverImage.ref) : null;
  progress.bytesDone += cover?.bytes ?? 0;
  const content = rewriteAddresses(prepared.content, copies, linksToOldSite(links, target.reader.siteUrl, brought));
  return postInputSchema.safeParse({
    title: prepared.title,
    excerpt: prepared.excerpt,
    content,
    format: "markdown",
    category: prepared.category,
    imageUrl: cover && "url" in cover ? cover.url : PLACEHOLDER_IMAGE,
    imageAlt: cover && "url" in cover ? (coverImage?.alt ?? null) : null,
    imageDecorative: false,
    status: "draft",
  });
}

/**
 * Write one item, with what marks it imported and its old addresses, in one transaction:
 * killed at any moment, an item is either all here or not at all. Published as the old site
 * had it when the owner asked, unless the site would refuse to publish it (an image nobody
 * described): then it is kept as a draft, and counted.
 */
async function writeItem(db: Db, target: ImportTarget, item: SourceItem, data: PostData, prepared: PreparedPost) {
  const publication = importedPublication(item, target.options, target.now?.() ?? new Date());
  const write = (status: typeof publication) =>
    createPost(
      db,
      data,
      { authorId: null },
      {
        slug: prepared.slug,
        publication: status,
        alongside: async (tx, saved) => {
          await recordImported(
            tx,
            { key: itemKey(target.origin, item), runId: target.runId, postId: saved.id },
            item.oldPaths,
          );
        },
      },
    );
  try {
    await write(publication);
    return false;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "invalid" || publication.status === "draft") throw error;
    await write({ ...publication, status: "draft" });
    return true;
  }
}

/**
 * Import every item of the export the dry run read, in its order, resuming where an earlier
 * attempt stopped: an item made before (by its key) is passed over, an image brought before
 * is not read again. Each item's images are brought in before it is written (nothing is
 * written before what it depends on), its body then points at them. Stops before the next
 * item when the run is cancelled. Progress is kept after every item.
 */
export async function runImport(db: Db, target: ImportTarget): Promise<ImportProgress> {
  const progress: ImportProgress = {
    itemsDone: 0,
    itemsTotal: itemsToWrite(target),
    bytesDone: 0,
    bytesTotal: target.report.images.exportBytes,
    keptAsDrafts: 0,
    refused: 0,
    refusals: [],
  };
  const brought = await exportPaths(target);
  let sinceRedirects = 0;
  for await (const item of target.reader.items()) {
    if (item.kind === "video" || (item.isPage && !target.options.includePages)) continue;
    if (!(await stillRunning(db, target.runId))) break;
    if (!(await alreadyImported(db, itemKey(target.origin, item)))) {
      const { markdown } = itemMarkdown(item, target.reader.siteUrl);
      const prepared = preparePost(item, markdown, target.options);
      const data = "post" in prepared ? await postData(db, target, item, prepared.post, progress, brought) : null;
      if (data?.success && "post" in prepared) {
        if (await writeItem(db, target, item, data.data, prepared.post)) progress.keptAsDrafts++;
        sinceRedirects++;
      } else {
        progress.refused++;
        const reason =
          "refused" in prepared
            ? prepared.refused
            : (data?.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") ?? "");
        if (progress.refusals.length < REPORT_EXAMPLES)
          progress.refusals.push({ item: item.title || item.sourceId, reason });
      }
    }
    progress.itemsDone++;
    if (sinceRedirects >= REDIRECTS_EVERY) {
      await sitePublisher().publish(changeOf.redirects());
      sinceRedirects = 0;
    }
    await touchRun(db, target.runId, progress);
  }
  await sitePublisher().publish(changeOf.redirects());
  return progress;
}
