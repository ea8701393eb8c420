import { isBuiltin } from "node:module";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { build, type Plugin } from "esbuild";
import { START_BUNDLES } from "./build-output.ts";

/**
 * Packages left to Node: they load WebAssembly, native or data files from beside their own
 * modules, which a bundle would not carry. pg asks for its optional native driver only when
 * told to use it, which the site never does.
 */
const LOADED_BY_NODE = new Set([
  "@electric-sql/pglite",
  "sharp",
  "@node-rs/argon2",
  "pagefind",
  "lightningcss",
  "pg-native",
]);

const packageName = (specifier: string): string =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

const leaveToNode: Plugin = {
  name: "leave-to-node",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      LOADED_BY_NODE.has(packageName(path)) ? { external: true } : undefined,
    );
  },
};

/**
 * Node's own modules, taken with require. Imported as ES modules, each is copied into a module
 * record of all its exports, which reads every one of them: node:http's pulls in its fetch
 * and WebSocket implementation (undici) at start, 60 ms of the worker's start for nothing.
 */
const builtinsByRequire: Plugin = {
  name: "builtins-by-require",
  setup(build) {
    build.onResolve({ filter: /^[a-z0-9_:/]+$/ }, ({ path, namespace }) => {
      if (!isBuiltin(path)) return undefined;
      // The require in the stand-in below is Node's own.
      return namespace === "builtin" ? { path, external: true } : { path, namespace: "builtin" };
    });
    build.onLoad({ filter: /.*/, namespace: "builtin" }, ({ path }) => ({
      contents: `module.exports = require(${JSON.stringify(path)});`,
    }));
  },
};

/** Bundle each entry (`out` names it, `in` is its source) into one ES module for Node. */
export async function bundleForNode(entryPoints: { in: string; out: string }[], outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Bundled CommonJS packages call require, which an ES module lacks.
    banner: {
      js: 'import { createRequire as bannerCreateRequire } from "node:module"; const require = bannerCreateRequire(import.meta.url);',
    },
    plugins: [leaveToNode, builtinsByRequire],
    logLevel: "warning",
  });
}

/**
 * Builds what `npm start` runs, the front server and the site worker, each into one file
 * beside the server entry. Node 24 reads a package's package.json whole again for every
 * module of it that an import loads; drizzle-orm's is 179 KB, over hundreds of modules, so
 * loading the worker module by module took over 2 s of a restart, and one file a quarter of that.
 */
export function startBundles(): AstroIntegration {
  let root: URL;
  let serverDir: URL;
  return {
    name: "meh:start-bundles",
    hooks: {
      "astro:config:setup": ({ command, updateConfig }) => {
        // The server build bundles its packages for the same reason: the first request
        // would otherwise load hundreds of their modules one by one. The dev server loads
        // them as Vite's defaults say.
        if (command === "build") updateConfig({ vite: { ssr: { noExternal: true, external: [...LOADED_BY_NODE] } } });
      },
      "astro:config:done": ({ config }) => {
        root = config.root;
        serverDir = config.build.server;
      },
      "astro:build:done": async ({ logger }) => {
        const entryPoints = Object.entries(START_BUNDLES).map(([out, source]) => ({
          in: fileURLToPath(new URL(source, root)),
          out,
        }));
        await bundleForNode(entryPoints, fileURLToPath(serverDir));
        logger.info(`Built ${entryPoints.map(({ out }) => `${out}.mjs`).join(" and ")}`);
      },
    },
  };
}
