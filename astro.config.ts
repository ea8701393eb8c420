import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { entryUrl } from "./src/lib/entry-url-plugin.ts";
import { threadEntries } from "./src/server/build-entries.ts";
import { devWiring } from "./src/server/dev-server.ts";

// Pages render on demand from the database; pages without data opt into prerendering.
// The adapter is built in standalone mode but started by src/server/site-worker.ts, which opens
// the database, migrates and seeds before serving (see docs/decisions); under `astro dev`,
// src/server/dev-server.ts does the same in the dev server.
export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [react(), threadEntries(), devWiring()],
  // Pages built from the database are kept once rendered, as final bytes, and dropped by
  // tag when the content they show changes (src/modules/publishing).
  cache: { provider: { name: "page-store", entrypoint: "./src/server/cache-provider.ts" } },
  // Every page carries a Content-Security-Policy with the hashes of its own scripts and styles.
  // Images and fonts come only from the site (uploads are served from it, whatever the store),
  // so a theme rule that slipped past the validator still cannot call out. Uppy previews are blob:.
  // Cross-site writes are refused by the site's own middleware (src/middleware.ts), which
  // lets a mail program's one-click unsubscribe through, as Astro's checkOrigin cannot.
  security: {
    checkOrigin: false,
    csp: { directives: ["img-src 'self' data: blob:", "font-src 'self'"] },
  },
  // The site's Markdown has no code; Shiki's inline styles would also break the CSP.
  markdown: { syntaxHighlight: false },
  image: {
    // Uploaded images live in the object store, not in the build; see the endpoint.
    endpoint: { route: "/_image", entrypoint: "./src/image-endpoint.ts" },
  },
  // Code most visitors never run is built on its own and loaded by URL when needed: the
  // owner's in-place home editor, the listings' offline search, the notices a page shows
  // after a navigation, and hls.js for a browser that cannot play a video's ladder itself.
  vite: {
    build: {
      // Small scripts are inlined into each page, except the analytics beacon: a fingerprinted
      // file is fetched once and then cached by every page that counts itself.
      assetsInlineLimit: (file: string) => (file.includes("PageBeacon") ? false : undefined),
    },
    // The server's code is kept in memory as source for as long as it runs, and V8 stores a
    // script with one character beyond Latin-1 (a curly quote, an ellipsis) at two bytes a
    // character. Its bundles escape such characters and drop the libraries' documentation
    // comments, where most of them were; license comments stay.
    environments: {
      ssr: {
        build: {
          rolldownOptions: {
            output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } },
          },
        },
      },
    },
    plugins: [
      entryUrl({
        id: "virtual:home-editor-entry",
        source: "/src/modules/page-layouts/home-editor/start-home-editor.ts",
        name: "home-editor",
      }),
      entryUrl({ id: "virtual:toast-entry", source: "/src/lib/toast.ts", name: "toast" }),
      entryUrl({ id: "virtual:hls-entry", source: "/src/modules/videos/hls-player.ts", name: "hls" }),
      entryUrl({
        id: "virtual:offline-search-entry",
        source: "/src/modules/search/offline-search.ts",
        name: "offline-search",
      }),
    ],
  },
  server: { host: process.env.HOST ?? "localhost", port: Number(process.env.PORT ?? 4321) },
});
