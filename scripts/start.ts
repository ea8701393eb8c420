import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { DatabaseInUseError } from "../db/client.ts";
import { setDbHandle } from "../src/lib/db.server.ts";
import { settings as loadSettings } from "../src/lib/settings.server.ts";
import { listenForChanges } from "../src/modules/publishing/broadcast.server.ts";
import { createFrontHandler } from "../src/modules/publishing/front-server.server.ts";
import { pageStore } from "../src/modules/publishing/page-store.server.ts";
import { setPublishingRuntime } from "../src/modules/publishing/publish.server.ts";
import { adminBanner } from "./banner.ts";
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

let settings;
try {
  settings = loadSettings();
} catch (error) {
  fail((error as Error).message);
}

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
setDbHandle(handle);

// The adapter would otherwise start its own server on import.
process.env.ASTRO_NODE_AUTOSTART = "disabled";
const { handler } = (await import(new URL(SERVER_ENTRY, `file://${process.cwd()}/`).href)) as AstroServerEntry;

const server = http.createServer(
  createFrontHandler({
    store: pageStore(),
    astro: handler,
    https: settings.siteUrl.startsWith("https://"),
    clientDir: path.resolve("dist/client"),
  }),
);

// Pages dropped by a change are rendered again through this server, one at a time, so the
// next visitor gets a stored page; with PostgreSQL, changes also reach the other instances.
const changes = handle.pool ? await listenForChanges(handle.pool, randomUUID()) : undefined;
let renderQueue = Promise.resolve();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
setPublishingRuntime({
  rerender(keys) {
    const address = server.address();
    if (typeof address !== "object" || !address || keys.length === 0) return;
    const origin = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
    // A moment's pause lets a visitor's own read render a page first; the rerender then
    // finds it stored and costs nothing, instead of two renders competing for the CPU.
    renderQueue = renderQueue.then(async () => {
      await pause(100);
      for (const key of keys) {
        await fetch(origin + key, { headers: { "Accept-Encoding": "br" } }).then(
          (response) => response.body?.cancel(),
          () => undefined,
        );
      }
    });
  },
  broadcast: changes?.broadcast,
});
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") fail(`Port ${settings.port} on ${settings.host} is taken. Set PORT to another one.`);
  fail(error.message);
});
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  const url = `http://${settings.host}:${port}`;
  const where =
    handle.engine === "postgres" ? `PostgreSQL at ${handle.location}` : `embedded PGlite in ${handle.location}`;
  const lines = [
    `${settings.siteName} is running at ${url}`,
    `Database: ${where}${seeded ? " (seeded with the sample content)" : ""}`,
    `Uploads:  ${settings.s3 ? `S3 bucket "${settings.s3.bucket}"${settings.s3.endpoint ? ` at ${settings.s3.endpoint}` : ""}` : settings.uploadsDir}`,
    ...adminBanner(admin, url),
  ];
  console.log(`\n  ${lines.join("\n  ")}\n`);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await changes?.stop();
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
