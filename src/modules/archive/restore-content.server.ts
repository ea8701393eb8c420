import { getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { tables, type Db } from "@/lib/db.server";
import { bodyColumns } from "@/modules/posts/body-columns";
import type { PostBody } from "@/lib/markdown/render-body";
import { JSON_LINES_FILES, type Manifest } from "./archive-format";
import { archivedColumns, TABLE_PARTS, type TablePart } from "./archive-tables.server";
import { postOfMarkdown, readMarkdownFile, videoOfMarkdown } from "./item-files";
import { insertRows, userColumns } from "./restore-rows.server";
import type { Row } from "./spool.server";
import { refuse } from "./verify-archive.server";
import type { ZipReader } from "./zip-reader.server";

const t = tables;
/** Files read, then inserted, this many at a time. */
const FILES_PER_BATCH = 50;

function partOf(name: string): TablePart {
  const part = TABLE_PARTS.find((p) => p.part === name);
  if (!part) throw new Error(`No table part ${name}`);
  return part;
}

/** Rows restored per table, by the table's name, as the manifest counts them. */
export type Counts = Record<string, number>;

/** Reads an archive's files back into rows and inserts them, in an order every foreign key allows. */
class ContentRestore {
  readonly counts: Counts = {};
  /** Each post's and video's slug, and the file that holds it. */
  readonly #slugs = new Map<string, string>();

  private readonly tx: Db;
  private readonly zip: ZipReader;
  private readonly manifest: Manifest;

  constructor(tx: Db, zip: ZipReader, manifest: Manifest) {
    this.tx = tx;
    this.zip = zip;
    this.manifest = manifest;
  }

  /**
   * A row as the target takes it: without personal data there are no users, so the columns
   * that name one are null, as when the user is deleted (`on delete set null`).
   */
  #row(table: PgTable, row: Row): Row {
    if (this.manifest.personalData) return row;
    const cleared = Object.fromEntries(userColumns(table).map((column) => [column.name, null]));
    return { ...row, ...cleared };
  }

  async #insert(part: TablePart, rows: Iterable<Row> | AsyncIterable<Row>, source: string, columns?: PgColumn[]) {
    const name = getTableName(part.table);
    const onConflict =
      part.table === t.appState
        ? // Migrations write the content version: the archive's replaces it, as every row of app_state.
          sql`on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`
        : undefined;
    const mapped = (async function* (restore: ContentRestore) {
      for await (const row of rows) yield restore.#row(part.table, row);
    })(this);
    const added = await insertRows(this.tx, part.table, columns ?? archivedColumns(part), mapped, source, onConflict);
    this.counts[name] = (this.counts[name] ?? 0) + added;
  }

  async #jsonLines(partName: string) {
    const path = JSON_LINES_FILES[partName];
    if (!path) throw new Error(`No file for ${partName}`);
    const zip = this.zip;
    const rows = (async function* () {
      for await (const line of zip.lines(path)) yield parseJson(line, path) as Row;
    })();
    await this.#insert(partOf(partName), rows, path);
  }

  /** A slug is a page's address: two items with one would be one page. */
  #claimSlug(kind: string, slug: unknown, path: string): void {
    const key = `${kind}:${String(slug)}`;
    const other = this.#slugs.get(key);
    if (other) throw refuse(`${path} and ${other} are two ${kind}s with the slug "${String(slug)}".`);
    this.#slugs.set(key, path);
  }

  async #markdown(path: string) {
    const file = readMarkdownFile(await this.zip.text(path));
    if (!file) throw refuse(`${path} does not begin with front matter between --- lines.`);
    return file;
  }

  async #posts() {
    const part = partOf("posts");
    const columns = [...archivedColumns(part), t.posts.contentText];
    for (const paths of batches(this.zip.pathsUnder("posts/"))) {
      const posts: Row[] = [];
      const images: Row[] = [];
      for (const path of paths) {
        const { post, gallery } = postOfMarkdown(await this.#markdown(path));
        this.#claimSlug("post", post.slug, path);
        // Made again as the site's own writes make it, from the body.
        posts.push({ ...post, content_text: bodyColumns(post as unknown as PostBody).contentText });
        images.push(...gallery);
      }
      await this.#insert(part, posts, "posts/", columns);
      await this.#insert(partOf("post_images"), images, "posts/ (galleries)");
    }
  }

  async #videos() {
    for (const paths of batches(this.zip.pathsUnder("videos/"))) {
      const videos: Row[] = [];
      for (const path of paths) {
        const video = videoOfMarkdown(await this.#markdown(path));
        this.#claimSlug("video", video.slug, path);
        videos.push(video);
      }
      await this.#insert(partOf("videos"), videos, "videos/");
    }
  }

  async #jsonFiles(folder: string, each: (row: Row, path: string) => Promise<void>) {
    for (const path of this.zip.pathsUnder(folder)) {
      const row = parseJson(await this.zip.text(path), path);
      if (typeof row !== "object" || row === null || Array.isArray(row))
        throw refuse(`${path} is not one JSON object.`);
      await each(row as Row, path);
    }
  }

  async #themes() {
    await this.#jsonFiles("themes/", (theme, path) => this.#insert(partOf("css_themes"), [theme], path));
  }

  /** Layouts first without the version they publish, which points into their history; then the history; then that. */
  async #layouts() {
    const published: { id: unknown; version: unknown }[] = [];
    await this.#jsonFiles("layouts/", async ({ versions, ...layout }, path) => {
      published.push({ id: layout.id, version: layout.published_version_id });
      await this.#insert(partOf("page_layouts"), [{ ...layout, published_version_id: null }], path);
      await this.#insert(partOf("layout_versions"), Array.isArray(versions) ? (versions as Row[]) : [], path);
    });
    for (const { id, version } of published) {
      if (version === null || version === undefined) continue;
      await this.tx.execute(
        sql`update ${t.pageLayouts} set published_version_id = ${Number(version)} where id = ${Number(id)}`,
      );
    }
  }

  /** Everything, parents before children; the users first, whom themes, layouts and revisions name. */
  async run(): Promise<Counts> {
    if (this.manifest.personalData) await this.#jsonLines("users");
    await this.#posts();
    await this.#videos();
    await this.#jsonLines("revisions");
    await this.#themes();
    await this.#layouts();
    await this.#jsonLines("newsletter_issues");
    await this.#jsonLines("import_runs");
    await this.#jsonLines("imported_items");
    await this.#jsonLines("imported_media");
    await this.#jsonLines("redirects");
    if (this.manifest.personalData) {
      await this.#jsonLines("newsletter_subscribers");
      await this.#jsonLines("newsletter_deliveries");
    }
    await this.#jsonLines("analytics_pages");
    await this.#jsonLines("analytics_sources");
    // Last: the content version the inserts above moved on becomes the archive's again.
    await this.#jsonLines("app_state");
    if (this.manifest.personalData) await this.#jsonLines("signing_keys");
    return this.counts;
  }
}

function* batches<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += FILES_PER_BATCH) yield items.slice(start, start + FILES_PER_BATCH);
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(`${path} holds a line that is not JSON.`);
  }
}

/**
 * Insert every row an archive holds into `tx`, ids kept: posts and videos from their
 * Markdown, themes and layouts from their JSON, the rest from JSON Lines. Returns the rows
 * restored per table; refuses (naming the file) what no site could hold, such as two posts
 * with one slug.
 */
export function restoreContent(tx: Db, zip: ZipReader, manifest: Manifest): Promise<Counts> {
  return new ContentRestore(tx, zip, manifest).run();
}
