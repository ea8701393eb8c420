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
          name: "pglite",
          include: ["src/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
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
