import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = { "@/": fileURLToPath(new URL("./src/", import.meta.url)) };

// Services are tested against a real database: always an in-memory PGlite, and again
// against a fresh database on the PostgreSQL server named by TEST_DATABASE_URL when set.
const serviceTests = ["src/**/*.server.test.ts", "db/schema.test.ts"];
// What only a PostgreSQL server can show (a server that stops answering, migrations on their
// own connection) runs in the postgres project alone.
const postgresOnlyTests = ["db/**/*.postgres.test.ts", "src/**/*.postgres.test.ts"];
// Tests that start the site's processes or fill its holders, and one that stands in for a
// module (vi.mock) a shared worker would already have loaded: each in a process of its own.
const processTests = ["src/server/**/*.test.ts", "src/modules/search/search-indexer-timing.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // The default theme is read as text (`?raw`) by the code under test; other CSS stays empty.
    css: { include: [/content\/theme\/default\.css/] },
    // Vitest's default of one worker fewer than the cores leaves a 2-core machine running one
    // file at a time while it mostly waits on a database. Files run in forked processes (the
    // default), not threads: V8 aborted a whole run tearing down a worker thread that had
    // compiled PGlite's WebAssembly ("Check failed: jit_page_->allocations_.erase(addr)").
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // What runs in memory alone (no database, no process, no holder of the site's):
          // its files share a worker's loaded modules instead of each loading them afresh,
          // which was a third of the run's time.
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...serviceTests, ...postgresOnlyTests, ...processTests],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "pglite",
          include: [...serviceTests, ...processTests, "db/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          globalSetup: ["tests/setup/pglite-template.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: [...serviceTests, ...postgresOnlyTests],
                env: { TEST_DB_ENGINE: "postgres" },
                globalSetup: ["tests/setup/postgres-template.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
