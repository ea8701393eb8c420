import "./load-env.ts";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import module from "node:module";
import { pathToFileURL } from "node:url";
import { FRONT, SERVER_ENTRY, SITE_WORKER } from "./build-output.ts";
import { fail } from "./fail.ts";

// `npm start`: build the site if it is not built, then run the front server as built. Node
// runs this file itself (it strips the types), with no TypeScript loader to start first:
// after a crash, the site should be back within 2 s, and a loader alone takes a tenth of it.

if (![SERVER_ENTRY, FRONT, SITE_WORKER].every((file) => existsSync(file))) {
  // A wrong setting is told before a minute of building, not after.
  const { parseSettings } = await import("../lib/settings.server.ts");
  try {
    parseSettings(process.env);
  } catch (error) {
    fail((error as Error).message);
  }
  console.log("No build found: building the site (this takes a minute, once)...");
  const build = spawnSync("node_modules/.bin/astro", ["build"], { stdio: "inherit", shell: false });
  if (build.status !== 0) fail("The build failed; see the output above.");
}

// V8's compiled code for the site's modules is kept on disk (in the system's temporary
// folder), so a restart does not compile them again. The worker thread turns it on from
// NODE_COMPILE_CACHE, which enabling it here does not set.
const { directory } = module.enableCompileCache();
if (directory) process.env.NODE_COMPILE_CACHE = directory;

await import(pathToFileURL(FRONT).href);
