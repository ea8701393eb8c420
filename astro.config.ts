import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig, memoryCache } from "astro/config";

// Pages render on demand from the database; pages without data opt into prerendering.
// The adapter is built in standalone mode but started by scripts/start.ts, which opens
// the database, migrates and seeds before serving (see docs/decisions).
export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  // Pages built from the database are kept once rendered and dropped by tag when the
  // content they show changes (src/lib/page-cache.ts).
  cache: { provider: memoryCache({ max: 1000 }) },
  image: {
    // Uploaded images live in the object store, not in the build; see the endpoint.
    endpoint: { route: "/_image", entrypoint: "./src/image-endpoint.ts" },
  },
  server: { host: process.env.HOST ?? "localhost", port: Number(process.env.PORT ?? 4321) },
});
