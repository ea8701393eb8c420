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
// Tests that start the site's processes or its servers: run once, on PGlite. So do the
// service tests whose subject is not the database, a quarter minute each on PostgreSQL
// besides: junk sent at every route (what it finds, a 5xx or a refused request that wrote,
// comes of the routes' checks; the queries behind them run on both engines in the services'
// own tests), and the ladders ffmpeg makes of a video.
const processTests = ["src/server/**/*.test.ts"];
const engineNeutralTests = [
  "src/server/input-fuzz-*.server.test.ts",
  "src/modules/videos/streams/make-ladder.server.test.ts",
];
// The service files share a worker's loaded modules, as the unit files do: each closes what
// it opens and hands back what it took (the publisher's listeners, the job queue, spies).
// These cannot: the wiring runs the real jobs, which read the settings and the mailer and
// object store a process opens once, from the environment the test sets: a process each.
const isolatedTests = ["src/server/wire.server.test.ts"];

/** An engine's service tests: most in shared workers, the few above each in a process of its own. */
function engineProjects(
  name: string,
  files: { include: string[]; exclude: string[] },
  test: { globalSetup: string[]; env?: Record<string, string> },
) {
  const project = (suffix: string, isolate: boolean, include: string[], exclude: string[]) => ({
    extends: true,
    test: { ...test, name: `${name}${suffix}`, include, exclude: [...configDefaults.exclude, ...exclude], isolate },
  });
  return [
    project("", false, files.include, [...files.exclude, ...isolatedTests]),
    project("-isolated", true, isolatedTests, files.exclude),
  ];
}

export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/factor-key.ts"],
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
      ...engineProjects(
        "pglite",
        {
          include: [...serviceTests, ...processTests, "db/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: postgresOnlyTests,
        },
        { globalSetup: ["tests/setup/pglite-template.ts"] },
      ),
      ...(process.env.TEST_DATABASE_URL
        ? engineProjects(
            "postgres",
            { include: [...serviceTests, ...postgresOnlyTests], exclude: engineNeutralTests },
            {
              globalSetup: ["tests/setup/postgres-template.ts"],
              env: { TEST_DB_ENGINE: "postgres" },
            },
          )
        : []),
    ],
  },
});
