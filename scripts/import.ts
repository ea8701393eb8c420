import "../src/server/load-env.ts";
import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { setTimeout as wait } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createDb, DatabaseInUseError, type DbHandle } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { CATEGORIES, isCategory } from "../src/lib/categories.ts";
import { readControlFile } from "../src/lib/control-file.server.ts";
import { parseSettings, type Settings } from "../src/lib/settings.server.ts";
import { cancelImport, exportName, importView, newExportFile } from "../src/modules/imports/import-requests.server.ts";
import type { ImportJson } from "../src/modules/imports/import-json.ts";
import { confirmRun, createRun } from "../src/modules/imports/import-runs.server.ts";
import { importReportSchema, type ImportOptions, type ImportReport } from "../src/modules/imports/import-schemas.ts";
import { outcomeText, progressText, reportText } from "../src/modules/imports/import-words.ts";
import { zipFolder } from "../src/modules/imports/folder-export.server.ts";
import { workOnRun } from "../src/modules/imports/import-work.server.ts";
import { importSite, importsDir } from "../src/modules/imports/site-imports.server.ts";
import { createObjectStore } from "../src/modules/uploads/open-object-store.server.ts";

const usage = `Bring a blog in from its export: WordPress (.xml), Ghost (.json, or a zip with its
content/images), Substack, Medium, a folder or zip of Markdown files, or this site's archive.

  npm run import -- FILE [--dry-run] [--category NAME] [--keep-published] [--include-pages]

Prints what the export holds and what importing it would do, then imports it (not with
--dry-run). Everything arrives as a draft unless --keep-published; the old site's categories
and tags that name one of the four go there, the rest to --category (default "Meh Moments").
Works whether the site is running (it asks the site) or stopped (it opens the database itself).`;

// How often the run is looked at while it works.
const POLL_MS = 500;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: "boolean", short: "h" },
    "dry-run": { type: "boolean" },
    category: { type: "string" },
    "keep-published": { type: "boolean" },
    "include-pages": { type: "boolean" },
  },
});
if (values.help || positionals.length !== 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
const source = path.resolve(positionals[0] ?? "");
const category = values.category ?? "Meh Moments";
if (!isCategory(category)) {
  console.error(`--category must be one of: ${CATEGORIES.join(", ")}`);
  process.exit(1);
}

/** The owner's answers, as the screen's defaults give them: each term that names a category goes there. */
function optionsFor(report: ImportReport): ImportOptions {
  const categories: ImportOptions["categories"] = {};
  for (const term of report.terms) if (term.suggested) categories[term.name] = term.suggested;
  return {
    defaultCategory: category as ImportOptions["defaultCategory"],
    categories,
    keepPublished: values["keep-published"] ?? false,
    includePages: values["include-pages"] ?? false,
  };
}

/** One way to talk to the import: in this process, or through the running site. */
interface Importer {
  view(id: number): Promise<ImportJson>;
  begin(file: string, fileName: string): Promise<number>;
  confirm(id: number, options: ImportOptions): Promise<void>;
  cancel(id: number): Promise<void>;
  /** Do the work the run waits for, in this process; none when the site does it itself. */
  work?: (id: number) => Promise<void>;
}

async function here(settings: Settings, handle: DbHandle): Promise<Importer> {
  await runMigrations(handle);
  const site = importSite(settings, handle.db, await createObjectStore(settings, handle.db));
  return {
    view: (id) => importView(handle.db, id),
    begin: async (file, fileName) => (await createRun(handle.db, fileName, file)).id,
    confirm: (id, options) => confirmRun(handle.db, id, options),
    cancel: (id) => cancelImport(site, id),
    work: (id) => workOnRun(site, id),
  };
}

function throughSite(settings: Settings): Importer {
  const control = readControlFile(settings.dataDir);
  if (!control) {
    throw new Error(
      "The database is open in another process that is not a running site of this folder: stop it first.",
    );
  }
  const call = async <T>(query: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${control.origin}/api/imports/command${query}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${control.token}`,
        Origin: settings.writeOrigin ?? control.origin,
        "Content-Type": "application/json",
      },
    });
    const text = await response.text();
    const body = (text ? JSON.parse(text) : {}) as T & { error?: string };
    if (!response.ok) throw new Error(body.error ?? `The site answered ${String(response.status)}.`);
    return body;
  };
  console.log("  The site is running: it does the import.");
  return {
    view: (id) => call<ImportJson>(`?run=${String(id)}`),
    begin: async (file, fileName) =>
      (await call<{ id: number }>("", { method: "POST", body: JSON.stringify({ file, fileName }) })).id,
    confirm: async (id, options) => {
      await call(`?run=${String(id)}`, { method: "PUT", body: JSON.stringify(options) });
    },
    cancel: async (id) => {
      await call(`?run=${String(id)}`, { method: "DELETE" });
    },
  };
}

/** Wait until the run has done what it was doing (read, or imported), printing its progress. */
async function follow(importer: Importer, id: number): Promise<ImportJson> {
  // In this process the work is done here, and looked at as it goes; else the site does it.
  const work = importer.work?.(id);
  const state = { finished: false };
  const mark = () => {
    state.finished = true;
  };
  // A handler on the work from the start: a failure is thrown where it is awaited below.
  void work?.then(mark, mark);
  let said = "";
  for (;;) {
    const run = await importer.view(id);
    if (run.status === "importing" && run.progress) {
      const now = progressText(run.progress);
      if (now !== said) console.log(`  ${(said = now)}`);
    }
    // Ended, or the work here ended without moving it on (another process holds it): as it is.
    if (!["reading", "importing"].includes(run.status) || state.finished) {
      await work;
      return run;
    }
    await Promise.race([wait(POLL_MS), work]);
  }
}

const settings = parseSettings(process.env);
let handle: DbHandle | undefined;
try {
  try {
    handle = createDb(settings.databaseUrl);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
  }
  const importer = handle ? await here(settings, handle) : throughSite(settings);
  // Copied into the imports folder, where the site reads exports from, under a name of its own.
  await mkdir(importsDir(settings), { recursive: true });
  const file = newExportFile();
  // A folder of Markdown files is zipped as an upload of it would be; a file is copied as it is.
  if ((await stat(source)).isDirectory()) await zipFolder(source, path.join(importsDir(settings), file));
  else await copyFile(source, path.join(importsDir(settings), file));
  const id = await importer.begin(file, exportName(path.basename(source)));
  const read = await follow(importer, id);
  if (read.status !== "planned") throw new Error(read.error ?? `The export could not be read (${read.status}).`);
  const report = importReportSchema.parse(read.report);
  console.log(`\n${reportText(report)}\n`);
  if (values["dry-run"]) {
    await importer.cancel(id);
    console.log("  Dry run: nothing was written.\n");
  } else {
    await importer.confirm(id, optionsFor(report));
    const ended = await follow(importer, id);
    if (ended.status !== "done") throw new Error(ended.error ?? `The import ended ${ended.status}.`);
    console.log(`\n  ${ended.progress ? outcomeText(ended.progress, ended.failedMedia.length) : "Done."}\n`);
    for (const media of ended.failedMedia) console.log(`  not brought: ${media.ref}: ${media.failure}`);
  }
} catch (error) {
  console.error(`\n  The import failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
