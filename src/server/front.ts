import "./load-env.ts";
import http from "node:http";
import type { AddressInfo } from "node:net";
import module from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { keptPagesFile } from "../../db/kept-pages.ts";
import { collectWhenIdle } from "./idle-collection.ts";
import { ownOrigin, urlHost } from "../lib/listen-address.ts";
import { writeControlFile } from "../lib/control-file.server.ts";
import { SERVER_ENTRY, SITE_WORKER } from "./build-output.ts";
import { parseSettings, type Settings } from "../lib/settings.server.ts";
import { createFrontHandler } from "./front-handler.ts";
import { PageMirror } from "./page-mirror.ts";
import { currentKeptPages, renderFingerprint, takeSnapshot, writeSnapshot } from "./page-snapshot.ts";
import type { FromWorker, ToWorker } from "./messages.ts";
import { HitTally } from "../modules/analytics/hit-tally.ts";
import { NetworkLimit } from "../modules/analytics/network-limit.ts";
import { beaconTaker } from "./take-hit.ts";
import { proxyToWorker } from "./worker-proxy.ts";
import { guardRequests } from "./request-guard.ts";
import { PagefindFiles } from "../modules/search/pagefind-files.server.ts";
import { startBanner } from "./banner.ts";
import { fail } from "./fail.ts";
import { startSteps } from "./start-steps.ts";

// The front server: this thread answers stored pages, build assets and the search index's
// files, and passes everything else to the site worker (site-worker.ts: Astro, the
// database, publishing), so a hit never waits behind a render, a query or an index build.
// start.ts runs it as built, an entry of Astro's own server build (build-entries.ts).

let settings: Settings;
try {
  settings = parseSettings(process.env);
} catch (error) {
  fail((error as Error).message);
}
const logStep = startSteps(settings.logLevel);

// Pages a clean stop kept, if they still show what the database holds, are answered at once,
// while the worker opens the database and loads Astro; a miss waits for the worker.
const readingPages = performance.now();
const keptPages = keptPagesFile(settings);
const fingerprint = await renderFingerprint(SERVER_ENTRY, settings);
const restored = await currentKeptPages(settings.databaseUrl, await takeSnapshot(keptPages, fingerprint));
logStep(`${restored.length} kept pages read`, readingPages);
// The server bundle carries both of React's builds and picks the development one (several
// times slower to render, for warnings nobody reads here) unless told this is production.
process.env.NODE_ENV ??= "production";
const mirror = new PageMirror();
mirror.restore(restored);
const searchIndex = new PagefindFiles(path.join(settings.dataDir, "pagefind"));
await searchIndex.open();
let stopping = false;
// `npm run backup` finds the running site by this file while it listens (src/lib/control-file.server.ts).
let removeControlFile = (): void => undefined;
/** What a stop waits for now, named if it runs past its deadline. */
let waitingFor = "the site worker to stop";

const worker = new Worker(SITE_WORKER, {
  workerData: { restored, serverEntry: SERVER_ENTRY },
});
const tell = (message: ToWorker) => {
  worker.postMessage(message);
};
worker.on("error", (error: Error) => {
  // Errors cross from the worker with their name; this one is for the owner to act on.
  if (error.name === "DatabaseInUseError") fail(error.message);
  console.error("The site worker failed:", error);
  process.exit(1);
});
worker.on("exit", (code) => {
  if (stopping) void stopped();
  else fail(`The site worker stopped (exit code ${code}).`);
});

const ready = new Promise<Extract<FromWorker, { type: "ready" }>>((resolve) => {
  worker.on("message", (message: FromWorker) => {
    if (message.type === "pages") mirror.apply(message);
    else if (message.type === "search-index") void searchIndex.open();
    else if (message.type === "log") console.debug(message.line);
    else if (message.type === "ready") resolve(message);
    else if (message.type === "stopping") waitingFor = `the site worker, which was ${message.step}`;
    else void stopped();
  });
});
const toWorker = ready.then(({ socketPath }) => proxyToWorker(socketPath, mirror));

// Beacons' hits wait here and cross to the worker once a second, in one message. At most
// 2,000 different hits a second are counted (the same hit again always is): far past what
// readers send, and a flood of made-up visitors past it is dropped rather than let counting
// take the CPU the pages need (measured in the bench's beacon flood).
const pendingHits = new HitTally(2_000);
// And each client network (an IPv4 /24, an IPv6 /56) may send 300 beacons a minute: five a
// second, more than a household or an office of readers sends, while one script flooding
// from its network is refused with 429. 10,000 networks are remembered, about 1 MB.
const beaconLimit = new NetworkLimit(300, 10_000);
const https = settings.siteUrl.startsWith("https://");

const server = http.createServer(
  guardRequests(
    createFrontHandler({
      store: mirror,
      astro: guardRequests(async (req, res) => {
        (await toWorker)(req, res);
      }, "the front server's way to the site worker"),
      https,
      clientDir: path.resolve("dist/client"),
      searchIndex,
      beacons: beaconTaker({
        ownHost: new URL(settings.siteUrl).hostname,
        https,
        trustedProxies: settings.trustedProxies,
        // Only a page the site has served to the public (stored, found) is counted.
        isPublicPage: (pagePath) => mirror.get(pagePath)?.status === 200,
        limit: beaconLimit,
        count: (hit) => {
          pendingHits.add(hit);
        },
        turnAway: () => {
          pendingHits.turnAway();
        },
      }),
    }),
    "the front server",
  ),
);

// Which stored pages were hit goes back once a second, so the worker's store evicts the least used.
setInterval(() => {
  const keys = mirror.takeUsed();
  if (keys.length > 0) tell({ type: "used", keys });
  if (!pendingHits.empty) tell({ type: "hits", hits: pendingHits.take() });
}, 1000).unref();

collectWhenIdle();

// Idle connections stay open longer than those of the proxies and clients that reuse them
// (60 s is usual): a request sent on a connection at the moment the server closes it is lost
// as a reset, and Node's 5 s default makes that moment common.
server.keepAliveTimeout = 65_000;

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") fail(`Port ${settings.port} on ${settings.host} is taken. Set PORT to another one.`);
  fail(error.message);
});
const listening = performance.now();
server.listen(settings.port, settings.host, () => {
  logStep("first listen", listening);
  const address = server.address() as AddressInfo;
  void ready.then(({ database, seeded, admin, factorKeyMade, ffmpeg }) => {
    // Since Node started this process: the worker's steps above ran meanwhile.
    logStep("site ready", 0);
    tell({ type: "listening", origin: ownOrigin(address) });
    removeControlFile = writeControlFile(settings.dataDir, ownOrigin(address));
    // Node writes its compile cache at exit, which a crash never reaches, and the restart
    // after a crash is when it matters most.
    module.flushCompileCache();
    const url = `http://${urlHost(settings.host)}:${address.port}`;
    console.log(startBanner({ settings, database, seeded, admin, factorKeyMade, ffmpeg, url }));
  });
});

function stop(): void {
  if (stopping) return;
  stopping = true;
  // A stop that hangs (on a database gone from under the worker, say) still ends the process,
  // saying where it hung. Unref'd: a stop done sooner ends the process as it did before.
  setTimeout(() => {
    fail(
      `Stopping took longer than ${settings.shutdownTimeoutSeconds} s (SHUTDOWN_TIMEOUT_SECONDS): ` +
        `still waiting for ${waitingFor}. Ended anyway.`,
    );
  }, settings.shutdownTimeoutSeconds * 1000).unref();
  server.close();
  server.closeAllConnections();
  // The worker closes the database and says so; then the pages are kept for the next start.
  tell({ type: "stop" });
}

let keeping: Promise<void> | undefined;
async function stopped(): Promise<void> {
  removeControlFile();
  waitingFor = "the stored pages to be written for the next start";
  keeping ??= keepPages();
  await keeping;
  process.exit(0);
}

async function keepPages(): Promise<void> {
  await writeSnapshot(keptPages, fingerprint, mirror.fresh()).catch((error: unknown) => {
    console.warn("The stored pages could not be kept for the next start:", (error as Error).message);
  });
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
