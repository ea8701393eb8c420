import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import module from "node:module";
import { pathToFileURL } from "node:url";
import { isServerUrl } from "../../db/database-url.ts";
import { changedSince } from "./build-freshness.ts";
import { FRONT, SERVER_ENTRY, SITE_WORKER } from "./build-output.ts";
import { fail } from "./fail.ts";

// `npm start`: build the site if it has no build or its build is older than what it is made
// from, then run the front thread as built. Node runs this file itself (it strips the
// types), with no TypeScript loader to start first: after a crash, the site should be back
// within 1.5 s, and a loader alone takes a tenth of that.

/** When the build was made (its oldest file), or undefined when there is none. */
function builtAt(): number | undefined {
  try {
    return Math.min(...[SERVER_ENTRY, FRONT, SITE_WORKER].map((file) => statSync(file).mtimeMs));
  } catch {
    return undefined;
  }
}

const built = builtAt();
const changed = built === undefined ? undefined : changedSince(".", built);
if (built === undefined || changed) {
  // A wrong setting is told before a minute of building, not after.
  const { parseSettings } = await import("../lib/settings.server.ts");
  try {
    parseSettings(process.env);
  } catch (error) {
    fail((error as Error).message);
  }
  console.log(
    changed
      ? `${changed} changed after the last build: building the site again...`
      : "No build found: building the site (this takes a minute, once)...",
  );
  const build = spawnSync("node_modules/.bin/astro", ["build"], { stdio: "inherit", shell: false });
  if (build.status !== 0) fail("The build failed; see the output above.");
}

// V8's compiled code for the site's modules is kept on disk (in the system's temporary
// folder), so a restart does not compile them again. The worker thread turns it on from
// NODE_COMPILE_CACHE, which enabling it here does not set.
const { directory } = module.enableCompileCache();
if (directory) process.env.NODE_COMPILE_CACHE = directory;

// On Linux the server runs as a new program in this process, for these reasons:
// - glibc keeps memory a thread freed for that thread to reuse, and compiling the embedded
//   database's WebAssembly briefly takes some 500 MB on V8's compiler threads: about 50 MB of
//   it stayed resident for as long as the server ran. Allocations of 128 KB and more are
//   mapped on their own, and given back when freed; glibc reads this once, as a program starts.
// - Running this file loaded Node's TypeScript stripper, which then stayed for good: some
//   10 MB (its source and its WebAssembly) in the thread that answers stored pages. The new
//   program runs the built front thread, which is JavaScript.
// - On PostgreSQL, glibc's arenas are held to two: each thread that allocates (the two
//   JavaScript threads, V8's helpers, libuv's pool) otherwise takes an arena of its own and
//   keeps what it freed there, some 4 MB in all at idle. Not on the embedded database, where
//   the WebAssembly compile's burst then shares the arenas the threads keep their memory in,
//   and left 15 MB more resident with four arenas, 30 MB with two.
// The same process, so its id, its signals and its exit code are still the ones `npm start`
// (or a process manager) waits on; the restart costs Node's own start, some 40 ms.
const MMAP_THRESHOLD = "131072";
const ARENAS_ON_POSTGRES = "2";
if (process.platform === "linux" && process.execve) {
  const onPostgres = isServerUrl(process.env.DATABASE_URL ?? "");
  process.execve(process.execPath, [process.execPath, ...process.execArgv, FRONT], {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? MMAP_THRESHOLD,
    ...(onPostgres && { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? ARENAS_ON_POSTGRES }),
  });
}
await import(pathToFileURL(FRONT).href);
