import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { DatabaseInUseError } from "../db/client.ts";
import { scheduleHousekeeping } from "../src/lib/housekeeping.server.ts";
import { runtime as processRuntime } from "../src/lib/runtime.server.ts";
import { shareChanges } from "../src/modules/publishing/broadcast.server.ts";
import { createFrontHandler } from "../src/modules/publishing/front-server.server.ts";
import { rerenderDroppedPages } from "../src/modules/publishing/page-refresh.server.ts";
import { closePagefind } from "../src/modules/search/pagefind-build.server.ts";
import { PagefindFiles } from "../src/modules/search/pagefind-files.server.ts";
import { SearchIndexer } from "../src/modules/search/search-indexer.server.ts";
import { siteSearchRecords } from "../src/modules/search/search-records.server.ts";
import { startBanner } from "./banner.ts";
import { prepareDb } from "./prepare-db.ts";

const SERVER_ENTRY = "./dist/server/entry.mjs";

/** The parts of @astrojs/node's standalone build this script uses. */
interface AstroServerEntry {
  handler: http.RequestListener;
}

function fail(message: string): never {
  console.error(`\n  ${message.replaceAll("\n", "\n  ")}\n`);
  process.exit(1);
}

let runtime;
try {
  runtime = processRuntime();
} catch (error) {
  fail((error as Error).message);
}
const { settings } = runtime;

if (!existsSync(SERVER_ENTRY)) {
  console.log("No build found: building the site (this takes a minute, once)...");
  const build = spawnSync("node_modules/.bin/astro", ["build"], { stdio: "inherit", shell: false });
  if (build.status !== 0) fail("The build failed; see the output above.");
}

let prepared;
try {
  prepared = await prepareDb(settings);
} catch (error) {
  if (error instanceof DatabaseInUseError) fail(error.message);
  throw error;
}
const { handle, seeded, admin } = prepared;
runtime.useDatabase(handle);

// The adapter would otherwise start its own server on import.
process.env.ASTRO_NODE_AUTOSTART = "disabled";
const { handler } = (await import(new URL(SERVER_ENTRY, `file://${process.cwd()}/`).href)) as AstroServerEntry;

const searchIndex = new PagefindFiles(path.join(settings.dataDir, "pagefind"));
const indexer = new SearchIndexer({ files: searchIndex, records: () => siteSearchRecords(handle.db) });

const server = http.createServer(
  createFrontHandler({
    store: runtime.pages,
    astro: handler,
    https: settings.siteUrl.startsWith("https://"),
    clientDir: path.resolve("dist/client"),
    searchIndex,
  }),
);

// What a published change sets off: the pages it dropped are rendered again through this
// server; the search index is rebuilt; with PostgreSQL, the other instances hear of it (and
// do the same); expired rows are swept hourly.
runtime.publisher.subscribe(rerenderDroppedPages(server));
runtime.publisher.subscribe(indexer.listener);
void indexer.start();
const stopSharing = handle.pool ? await shareChanges(runtime.publisher, handle.pool, randomUUID()) : undefined;
const stopHousekeeping = scheduleHousekeeping(handle.db);

// Idle connections stay open longer than those of the proxies and clients that reuse them
// (60 s is usual): a request sent on a connection at the moment the server closes it is lost
// as a reset, and Node's 5 s default makes that moment common.
server.keepAliveTimeout = 65_000;

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") fail(`Port ${settings.port} on ${settings.host} is taken. Set PORT to another one.`);
  fail(error.message);
});
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  console.log(startBanner({ settings, handle, seeded, admin, url: `http://${settings.host}:${port}` }));
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  stopHousekeeping();
  await stopSharing?.();
  await indexer.stop();
  await closePagefind();
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
