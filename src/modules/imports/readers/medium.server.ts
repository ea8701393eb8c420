import { createDocument } from "@mixmark-io/domino";
import { fileSlug } from "@/modules/archive/archive-format";
import { ExportZip } from "../export-zip.server";
import { refuseExport, type ExportReader, type SourceItem } from "../source-item";
import { exportRoot, pathsUnder } from "./export-root";
import { ITEM_LIMITS, checkedBody, checkedTitle, itemName, sourceDate } from "./item-checks";
import { itemText } from "./zip-files.server";

// Medium's export (Settings → Download your information) is a zip of folders: `posts/` holds
// each story as a whole HTML page, drafts named `draft_…`; the rest (profile, claps,
// bookmarks, lists, sessions…) is about the account, not its writing, and is left alone.
// Responses are stories too and cannot be told apart reliably, so they come in as posts.

/** `2019-05-01_Some-Post-Title-1a2b3c4d5e6f.html`, or `draft_Some-Post-Title-1a2b3c4d5e6f.html`. */
const POST_FILE = /^(draft_|\d{4}-\d{2}-\d{2}_)?(.*?)-?([0-9a-f]{10,12})\.html$/;
/** A story's id ends its address: `/@name/some-post-1a2b3c4d5e6f`, `/p/1a2b3c4d5e6f`. */
const ID_IN_URL = /[-/]([0-9a-f]{10,12})$/;

const isPostFile = (path: string): boolean => path.startsWith("posts/") && path.endsWith(".html");

function canonicalPath(href: string | null): string | null {
  if (!href) return null;
  try {
    return new URL(href).pathname.replace(/\/+$/, "") || null;
  } catch {
    return null;
  }
}

/** One story's page as an item. */
function itemOf(fileName: string, html: string): SourceItem {
  const file = POST_FILE.exec(fileName);
  const doc = createDocument(html);
  const body = doc.querySelector('section[data-field="body"]');
  if (!body) throw refuseExport(`Not a Medium export: posts/${fileName} has no story body.`);
  const canonical = canonicalPath(doc.querySelector("a.p-canonical")?.getAttribute("href") ?? null);
  const id = (canonical && ID_IN_URL.exec(canonical)?.[1]) ?? file?.[3] ?? fileName.replace(/\.html$/, "");
  const sourceId = `medium:${id}`;
  const heading = doc.querySelector("h1.p-name")?.textContent ?? doc.querySelector("title")?.textContent ?? "";
  const title = checkedTitle(heading, sourceId);
  const name = itemName(title, sourceId);
  const subtitle = doc.querySelector('section[data-field="subtitle"]')?.textContent.trim();
  const published = doc.querySelector("time.dt-published")?.getAttribute("datetime");
  return {
    sourceId,
    kind: "post",
    isPage: false,
    title,
    slug: fileSlug(file?.[2] ?? ""),
    excerpt: subtitle || null,
    body: { format: "html", flavor: "medium", html: checkedBody(body.innerHTML, name) },
    status: fileName.startsWith("draft_") ? "draft" : "published",
    publishedAt: sourceDate(published, "publication date", name),
    updatedAt: null,
    terms: [],
    cover: null,
    oldPaths: [...new Set([canonical, `/p/${id}`].filter((path) => path !== null))],
    dropped: [],
  };
}

/**
 * Open a Medium export zip: every story in `posts/`, published or draft, with its title,
 * subtitle, body and addresses. Images stay on Medium's CDN, so `openMedia` finds none.
 */
export async function openMediumExport(file: string): Promise<ExportReader> {
  const zip = await ExportZip.open(file);
  const root = exportRoot(zip.paths, (at) => pathsUnder(zip.paths, at).some(isPostFile));
  if (root === null) {
    zip.close();
    throw refuseExport("Not a Medium export: the zip has no posts folder of HTML stories.");
  }
  const posts = pathsUnder(zip.paths, root).filter(isPostFile);
  return {
    kind: "medium",
    siteUrl: null,
    async *items() {
      for (const path of posts) {
        const fileName = path.slice("posts/".length);
        const html = await itemText(zip, `${root}${path}`, ITEM_LIMITS.htmlFileBytes, fileName);
        yield itemOf(fileName, html);
      }
    },
    skipped: () => ({}),
    openMedia: () => Promise.resolve(null),
    close() {
      zip.close();
      return Promise.resolve();
    },
  };
}
