import { open } from "node:fs/promises";
import { ARCHIVE_FORMAT, MANIFEST_PATH } from "@/modules/archive/archive-format";
import { ExportZip } from "./export-zip.server";
import { openGhostExport } from "./readers/ghost.server";
import { openMarkdownExport } from "./readers/markdown-folder.server";
import { openMediumExport } from "./readers/medium.server";
import { openSubstackExport } from "./readers/substack.server";
import { openWordPressExport } from "./readers/wordpress.server";
import { refuseExport, type ExportReader } from "./source-item";

/** An export opened by the reader its contents call for. */
export interface OpenedExport {
  reader: ExportReader;
  /** The old site, as the keys of what imports bring name it: `<kind>|<old site's address>`. */
  origin: string;
  /** For a Markdown folder, whose it looks like (jekyll, hugo, astro, bear, plain, archive). */
  flavor: string | null;
}

const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");
const MARKDOWN = /\.(md|markdown|mdx)$/i;

/** The first bytes of a file, to tell a zip from XML from JSON. */
async function head(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Which reader a zip's files call for, by the files each kind of export always has. */
async function zipKind(file: string): Promise<"archive" | "substack" | "ghost" | "medium" | "markdown"> {
  const zip = await ExportZip.open(file);
  try {
    const paths = zip.paths;
    const named = (name: string) => paths.filter((p) => p === name || p.endsWith(`/${name}`));
    for (const manifest of named(MANIFEST_PATH)) {
      if (
        (zip.size(manifest) ?? Infinity) < 64 * 1024 ** 2 &&
        (await zip.text(manifest, 64 * 1024 ** 2)).includes(ARCHIVE_FORMAT)
      ) {
        return "archive";
      }
    }
    if (named("posts.csv").length) return "substack";
    if (paths.some((p) => p.toLowerCase().endsWith(".json") && !p.includes("content/"))) return "ghost";
    if (paths.some((p) => /(^|\/)posts\/[^/]+\.html$/i.test(p))) return "medium";
    if (paths.some((p) => MARKDOWN.test(p))) return "markdown";
    if (paths.some((p) => p.toLowerCase().endsWith(".xml"))) {
      throw refuseExport("This zip holds an XML file: send a WordPress export as the .xml file itself, not zipped.");
    }
    throw refuseExport(
      "This zip is not an export the site can read: no posts.csv (Substack), Ghost JSON, Medium posts/, Markdown files or site archive in it.",
    );
  } finally {
    zip.close();
  }
}

/**
 * Open an export by what it holds, never by its name: a zip (this site's archive, Substack,
 * Ghost with its images, Medium, a Markdown folder), a WordPress WXR (XML) or a Ghost JSON.
 * Pages are read too; the import leaves them out unless the owner asks.
 */
export async function openExport(file: string, fileName: string): Promise<OpenedExport> {
  const bytes = await head(file);
  const text = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  let reader: ExportReader;
  let flavor: string | null = null;
  const options = { includePages: true };
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    const kind = await zipKind(file);
    if (kind === "substack") reader = await openSubstackExport(file, options);
    else if (kind === "ghost") reader = await openGhostExport(file, options);
    else if (kind === "medium") reader = await openMediumExport(file);
    else {
      const markdown = await openMarkdownExport(file, options);
      flavor = markdown.flavor;
      reader = markdown;
    }
  } else if (text.startsWith("<")) reader = await openWordPressExport(file, options);
  else if (text.startsWith("{")) reader = await openGhostExport(file, options);
  else {
    throw refuseExport(
      `${fileName} is not an export the site can read: a WordPress .xml, a Ghost .json or .zip, a Substack, Medium or Markdown .zip, or a site archive.`,
    );
  }
  return { reader, origin: `${reader.kind}|${reader.siteUrl ?? ""}`, flavor };
}
