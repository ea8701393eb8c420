import "./load-env.ts";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import module from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { createApp } from "astro/app/entrypoint";
import { CSS_CHECK_THREAD, RESTORE_DRILL_THREAD } from "./build-output.ts";
import { cssCheckThreads } from "./css-check-threads.ts";
import { drillInThread } from "./restore-drill-threads.ts";
import { collectWhenIdle } from "./idle-collection.ts";
import { behindFront, shareStoredPages } from "./behind-front.ts";
import { guardRequests } from "./request-guard.ts";
import { renders } from "./renders.ts";
import { settings as siteSettings } from "../lib/settings.server.ts";
import { sitePages, sitePublisher } from "../modules/publishing/site-pages.server.ts";
import { useCssCheck } from "../modules/themes/site-css-check.server.ts";
import { useDrillRunner } from "../modules/archive/drill-runner.server.ts";
import { contentVersion } from "../modules/publishing/content-version.server.ts";
import type { StoredPage } from "../modules/publishing/stored-page.server.ts";
import { rerenderDroppedPages } from "../modules/publishing/page-refresh.server.ts";
import type { FromWorker, ToWorker } from "./messages.ts";
import { hitCounter } from "../modules/analytics/count-hits.server.ts";
import { untally } from "../modules/analytics/hit-tally.ts";
import { PagefindFiles } from "../modules/search/pagefind-files.server.ts";
import { SearchIndexer } from "../modules/search/search-indexer.server.ts";
import { siteSearchRecords } from "../modules/search/search-records.server.ts";
import { siteFfmpeg } from "../modules/videos/streams/ffmpeg.server.ts";
import { prepareDb } from "./prepare-db.ts";
import { startSteps } from "./start-steps.ts";
import { wire } from "./wire.ts";
import { stopWorker } from "./worker-stop.ts";

// The site worker: everything but answering stored pages and files, in a thread of its own
// (front.ts starts it), so none of it runs on the front server's event loop.

/** What front.ts hands the worker: the pages a clean stop kept, and Astro's server entry to load. */
interface SiteWorkerData {
  restored: [string, StoredPage][];
  serverEntry: string;
}
const { restored, serverEntry } = workerData as SiteWorkerData;

/** The parts of @astrojs/node's standalone build this thread uses. */
interface AstroServerEntry {
  handler: http.RequestListener;
}

if (!parentPort) throw new Error("The site worker runs in a worker thread; start the site with npm start.");
const port = parentPort;
const post = (message: FromWorker) => {
  port.postMessage(message);
};

const settings = siteSettings();
const pages = sitePages();
const logStep = startSteps(settings.logLevel, (line) => {
  post({ type: "log", line });
});
// Since this thread started: loading the worker's modules, which run before this line.
logStep("site worker loaded", 0);
// Pages a clean stop kept, which the front server already answers with: the store must hold
// them too, or a change would not drop them.
pages.restore(restored);
const lastChange = shareStoredPages(pages, post);

// A failure here (a database in use by another server among them) ends the worker, and the
// front server says why.
// Looked for while the database opens: the banner says whether videos get streaming ladders.
const findingFfmpeg = siteFfmpeg();
const openingDb = performance.now();
const { handle, seeded, admin, factorKeyMade } = await prepareDb(settings);
logStep("database opened", openingDb);
// The database, the job queue and other instances' changes (src/server/wire.ts).
const wiring = await wire(handle);
// A large theme takes seconds to check: in a thread of its own, never in a render's way.
useCssCheck(cssCheckThreads(CSS_CHECK_THREAD));
useDrillRunner(drillInThread(RESTORE_DRILL_THREAD));

// The adapter would otherwise start its own server on import.
process.env.ASTRO_NODE_AUTOSTART = "disabled";
const loadingAstro = performance.now();
const { handler } = (await import(pathToFileURL(serverEntry).href)) as AstroServerEntry;
logStep("Astro entry loaded", loadingAstro);

const searchIndex = new PagefindFiles(path.join(settings.dataDir, "pagefind"));
const indexer = new SearchIndexer({
  files: searchIndex,
  records: () => siteSearchRecords(handle.db),
  installed: () => {
    post({ type: "search-index" });
  },
});

// What a published change sets off here: the pages it dropped are rendered again; the search
// index is rebuilt. With PostgreSQL, the wiring publishes here the changes other instances
// (or anyone with psql) commit.
let origin: string | undefined;
// Dropped pages are rendered here, by Astro's own renderer: a publish crosses to the front
// thread once, with the page store's changes, and never comes back to it over HTTP.
const app = createApp({ streaming: false });
const renderPage = (request: Request) => app.render(request, { clientAddress: "127.0.0.1" });
const pageRefresh = rerenderDroppedPages(renderPage, () => origin);
sitePublisher().subscribe(pageRefresh.listener);
sitePublisher().subscribe(indexer.listener);
void indexer.start();
// The kept pages were checked against the content version before this instance listened
// for other instances' changes; one made in between shows here.
pages.dropOlderThan(wiring.listeningSince ?? (await contentVersion(handle.db)));
const stopCollecting = collectWhenIdle();

// Only the front server can reach this socket: its folder is the process owner's alone (0700).
const socketDir = mkdtempSync(path.join(os.tmpdir(), "meh-site-"));
const socketPath = path.join(socketDir, "site.sock");
const server = http.createServer(guardRequests(behindFront(handler, lastChange), "the site worker"));
server.keepAliveTimeout = 65_000;
await new Promise<void>((resolve) => server.listen(socketPath, resolve));

const countHits = hitCounter(() => handle.db);
port.on("message", (message: ToWorker) => {
  if (message.type === "listening") origin = message.origin;
  else if (message.type === "used") pages.markUsed(message.keys);
  else if (message.type === "hits") {
    // A count lost to a database hiccup is a second of figures, not worth failing the site for.
    countHits(untally(message.hits), message.hits.turnedAway).catch((error: unknown) => {
      console.error("Counting page views failed:", error);
    });
  } else void stop();
});
post({
  type: "ready",
  socketPath,
  database: { engine: handle.engine, location: handle.location },
  seeded,
  admin,
  factorKeyMade,
  ffmpeg: await findingFfmpeg,
});
// Background work (src/server/jobs.ts) starts once the site serves: the queue's first start
// on a database sets up its tables, which no page should wait for (a job sent meanwhile does).
wiring.startJobs();
// Node writes its compile cache at exit, which a crash never reaches: written now, as the
// front server writes its own, and again once the first requests have loaded the pages' modules.
module.flushCompileCache();
setTimeout(() => {
  module.flushCompileCache();
}, 10_000).unref();

async function stop(): Promise<void> {
  // Each step is told to the front, which names the one it waits on if the stop runs late.
  const step = (doing: string) => {
    post({ type: "stopping", step: doing });
  };
  await stopWorker(
    {
      server,
      renders: renders(),
      async stopWiring(told) {
        await wiring.stop(told);
        // After the jobs, which publish changes too: a page render the refresher started once
        // the database had closed would fail.
        told("finishing the render of a page a change dropped");
        await pageRefresh.stop();
      },
      async stopOthers(told) {
        stopCollecting();
        told("finishing the search index build");
        await indexer.stop();
      },
      closeDatabase: () => handle.close(),
    },
    step,
  );
  rmSync(socketDir, { recursive: true, force: true });
  post({ type: "stopped" });
}
