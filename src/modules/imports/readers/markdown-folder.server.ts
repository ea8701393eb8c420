import { parse } from "yaml";
import { ARCHIVE_FORMAT, FORMAT_VERSION, MANIFEST_PATH, manifestHeadSchema } from "@/modules/archive/archive-format";
import { DEFAULT_LIMITS } from "@/modules/archive/verify-archive.server";
import { ExportZip } from "../export-zip.server";
import { refuseExport, type ExportReader, type SourceItem } from "../source-item";
import { exportRoot, pathsUnder } from "./export-root";
import { readFrontMatter, type Fields } from "./front-matter";
import { ITEM_LIMITS } from "./item-checks";
import { markdownItem } from "./markdown-item";
import { fileRole, layoutFlavor, type MarkdownFlavor } from "./markdown-layout";
import { PAGES_NOT_ASKED, SkipTally, type ReaderOptions } from "./reader-options";
import { archivePost, archiveVideo } from "./site-archive-item";
import { itemText, zipMedium } from "./zip-files.server";

/** A Markdown folder's reader, saying which tool's folder it found. */
export interface MarkdownExportReader extends ExportReader {
  flavor: MarkdownFlavor;
}

/** More than any real site's settings; a larger `_config.yml` is not read for its permalink. */
const CONFIG_BYTES = 1024 ** 2;
const ARCHIVE_POST = /^posts\/[^/]+\.md$/;
const ARCHIVE_VIDEO = /^videos\/[^/]+\.md$/;

/** Bear's own header fields: a folder whose files use them is a Bear blog's. */
const BEAR_FIELDS = ["link", "published_date", "is_page", "meta_description", "meta_image", "canonical_url"];

/** Whether the zip is this site's archive, by its manifest (another tool's `manifest.json` is no sign); refused when newer than this site reads. */
async function isSiteArchive(zip: ExportZip, root: string): Promise<boolean> {
  if (!zip.has(`${root}${MANIFEST_PATH}`)) return false;
  let head;
  try {
    head = manifestHeadSchema.safeParse(
      JSON.parse(await zip.text(`${root}${MANIFEST_PATH}`, DEFAULT_LIMITS.maxManifestBytes)),
    );
  } catch {
    return false;
  }
  if (!head.success || head.data.format !== ARCHIVE_FORMAT) return false;
  if (head.data.formatVersion > FORMAT_VERSION) {
    throw refuseExport(
      `The archive is in format ${String(head.data.formatVersion)}, newer than this version of the site reads (${String(FORMAT_VERSION)}): update the site first.`,
    );
  }
  return true;
}

/** A Jekyll site's `permalink` setting, or null when it keeps Jekyll's default or its config cannot be read. */
async function sitePermalinkOf(zip: ExportZip, root: string): Promise<string | null> {
  const config = `${root}_config.yml`;
  if (!zip.has(config)) return null;
  try {
    const value: unknown = parse(await zip.text(config, CONFIG_BYTES));
    const permalink = typeof value === "object" && value !== null ? (value as Fields).permalink : null;
    return typeof permalink === "string" ? permalink : null;
  } catch {
    // A config Jekyll itself would refuse gives no addresses; the posts still come in.
    return null;
  }
}

async function flavorOf(zip: ExportZip, root: string, files: string[]): Promise<MarkdownFlavor> {
  if (await isSiteArchive(zip, root)) return "archive";
  const layout = layoutFlavor(files);
  if (layout) return layout;
  const first = files.find((path) => fileRole(path, "plain"));
  if (!first) return "plain";
  const read = readFrontMatter(await itemText(zip, `${root}${first}`, ITEM_LIMITS.bodyBytes, first), first);
  return read !== "toml" && BEAR_FIELDS.some((field) => field in read.fields) ? "bear" : "plain";
}

/**
 * Open a zip of Markdown files with front matter (a Jekyll, Hugo or Astro site, a Bear blog,
 * a plain folder of notes) or this site's own archive. Refs to files inside the zip are given
 * as their paths in it, and `openMedia` opens them; the archive's `/uploads/…` refs open from
 * its uploads folder. Checksums are not verified here: `verifyArchive` does that.
 */
export async function openMarkdownExport(file: string, options: ReaderOptions = {}): Promise<MarkdownExportReader> {
  const zip = await ExportZip.open(file);
  let root: string;
  let files: string[];
  let flavor: MarkdownFlavor;
  let sitePermalink: string | null = null;
  try {
    root =
      exportRoot(
        zip.paths,
        (at) => zip.has(`${at}${MANIFEST_PATH}`) || layoutFlavor(pathsUnder(zip.paths, at)) !== null,
      ) ?? "";
    files = pathsUnder(zip.paths, root);
    flavor = await flavorOf(zip, root, files);
    if (flavor === "jekyll") sitePermalink = await sitePermalinkOf(zip, root);
    if (flavor !== "archive" && !files.some((path) => fileRole(path, flavor))) {
      throw refuseExport("Not a Markdown export: the zip holds no Markdown files (.md, .markdown or .mdx).");
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  const has = (path: string): boolean => zip.has(`${root}${path}`);
  const tally = new SkipTally();

  const readText = (path: string): Promise<string> => itemText(zip, `${root}${path}`, ITEM_LIMITS.bodyBytes, path);

  /** A file as an item, or why it is skipped, or null when it is none of the site's business. */
  async function itemOf(path: string): Promise<SourceItem | string | null> {
    if (flavor === "archive") {
      const read = ARCHIVE_POST.test(path) ? archivePost : ARCHIVE_VIDEO.test(path) ? archiveVideo : null;
      return read && read(await readText(path), path);
    }
    const role = fileRole(path, flavor);
    if (role === null) return null;
    if (role === "section") return "Hugo section list pages";
    const read = readFrontMatter(await readText(path), path);
    if (read === "toml") return "files with TOML front matter";
    return markdownItem({ path, role, flavor, fields: read.fields, body: read.body, has, sitePermalink });
  }

  return {
    kind: flavor === "archive" ? "archive" : "markdown",
    flavor,
    siteUrl: null,
    async *items() {
      tally.reset();
      for (const path of files) {
        const item = await itemOf(path);
        if (item === null) continue;
        if (typeof item === "string") tally.add(item);
        else if (item.isPage && !options.includePages) tally.add(PAGES_NOT_ASKED);
        else yield item;
      }
    },
    skipped: () => tally.counts(),
    openMedia(ref: string) {
      const path = flavor === "archive" && ref.startsWith("/uploads/") ? ref.slice(1) : ref;
      return zipMedium(zip, `${root}${path}`);
    },
    close() {
      zip.close();
      return Promise.resolve();
    },
  };
}
