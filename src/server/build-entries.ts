import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { THREAD_ENTRIES } from "./build-output.ts";

/**
 * Packages left to Node: they load WebAssembly, native or data files from beside their own
 * modules, which a bundle would not carry. pg asks for its optional native driver only when
 * told to use it, which the site never does.
 */
const LOADED_BY_NODE = ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pagefind", "lightningcss", "pg-native"];

/**
 * Builds what `npm start` runs, the front thread and the site worker, as two more entries of
 * Astro's own server build: the worker and the pages it serves share one copy of every
 * module (the runtime, the errors, drizzle), and the front loads only the few it imports.
 * The build bundles packages too: Node 24 reads a package's package.json whole again for
 * every module of it an import loads (drizzle-orm's is 179 KB, over hundreds of modules),
 * which made loading them one by one take over 2 s of a restart.
 */
export function threadEntries(): AstroIntegration {
  return {
    name: "meh:thread-entries",
    hooks: {
      "astro:config:setup": ({ command, config, updateConfig }) => {
        // The dev server loads packages as Vite's defaults say, and runs no threads of ours.
        if (command !== "build") return;
        const entries = Object.entries(THREAD_ENTRIES).map(([name, source]) => ({
          id: fileURLToPath(new URL(source, config.root)),
          fileName: `${name}.mjs`,
        }));
        updateConfig({
          vite: {
            ssr: { noExternal: true, external: LOADED_BY_NODE },
            plugins: [
              {
                name: "meh:thread-entries",
                apply: "build",
                applyToEnvironment: (environment) => environment.name === "ssr",
                buildStart() {
                  for (const entry of entries) this.emitFile({ type: "chunk", ...entry });
                },
              },
            ],
          },
        });
      },
    },
  };
}
