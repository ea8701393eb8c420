import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type Project } from "@playwright/test";
import { E2E_ADMIN, E2E_S3, e2eDataDir } from "./tests/e2e/support.ts";
import { chromiumExecutable } from "./tests/setup/chromium.ts";
import type { E2eServer } from "./tests/setup/e2e-servers.ts";
import { freePorts } from "./tests/setup/free-port.ts";

// Decided once in the main process; workers inherit them through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "meh-e2e-"));
// Chosen together, so no two servers are handed the same port.
const [port, s3Port, s3SitePort, pgPort] = await freePorts(4);
process.env.E2E_PORT ??= String(port);
process.env.E2E_S3_PORT ??= String(s3Port);
process.env.E2E_S3_SITE_PORT ??= String(s3SitePort);
if (process.env.TEST_DATABASE_URL) {
  process.env.E2E_PG_PORT ??= String(pgPort);
  process.env.E2E_PG_DATABASE ??= `meh_e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const executablePath = chromiumExecutable();
// Started side by side by the global setup (tests/setup/e2e-servers.ts), not as Playwright's
// `webServer`, which starts them one after another.
const servers: E2eServer[] = [];
const projects: Project[] = [];

// Only the S3 server runs this; the others keep uploads in DATA_DIR.
const S3_TESTS = ["uploads-s3.test.ts"];
// Journeys that change what every page shows, each run alone on its server (one worker) once
// the server's other tests are done. A theme restyles or hides every page while it is live.
// The home page has one layout, and its journeys write it: one editor's save would find the
// other's and be refused (409). A digest carries what no issue has carried yet: two of its
// journeys at once would each find the other's post already sent.
const THEME_TESTS = ["themes.test.ts"];
const LAYOUT_TESTS = ["home-layout.test.ts", "layout-designer.test.ts"];
const NEWSLETTER_TESTS = ["newsletter-admin.test.ts"];
// Counts read back exactly: nothing else may send a beacon meanwhile. The rollover reaches
// into the site's database, so it runs where there is one to reach: PostgreSQL.
const ANALYTICS_TESTS = ["analytics.test.ts"];
const ROLLOVER_TESTS = ["analytics-rollover.test.ts"];
const ALONE_TESTS = [...THEME_TESTS, ...LAYOUT_TESTS, ...NEWSLETTER_TESTS, ...ANALYTICS_TESTS, ...ROLLOVER_TESTS];
// Tests that publish content run after the readers on the same server, so counts the
// readers check stay true.
const WRITERS = [
  "publishing.test.ts",
  "two-instances.test.ts",
  "database-outage.test.ts",
  "post-manager.test.ts",
  "post-editor.test.ts",
  "video-manager.test.ts",
  "drafts.test.ts",
  "previews-and-revisions.test.ts",
  "sidenotes.test.ts",
  "essay-embeds.test.ts",
  "video-transcript.test.ts",
  "video-streaming.test.ts",
];

interface ServerTests {
  /** What the server's first project runs; by default every test but the writers and `alone`. */
  only?: string[];
  ignore?: string[];
  /** One project after the readers and writers, one worker, for journeys that must run alone. */
  alone?: string[];
}

function addServer(
  name: string,
  port: string,
  env: Record<string, string>,
  tests: ServerTests = {},
  after?: string,
): void {
  const baseURL = `http://127.0.0.1:${port}`;
  servers.push({
    name,
    command: ["tsx", "tests/setup/e2e-server.ts"],
    url: `${baseURL}/api/posts/recent`,
    after,
    // SIGTERM lets the server close its database (and the PostgreSQL run drop its own).
    stopSeconds: 10,
    env: {
      HOST: "127.0.0.1",
      PORT: port,
      SITE_URL: baseURL,
      ASTRO_TELEMETRY_DISABLED: "1",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Tests that sign in name their own client address (see `visitorAddress`), as
      // visitors behind a proxy would, so the per-address sign-in limit counts each test
      // on its own however often the suite is repeated.
      TRUSTED_PROXIES: "127.0.0.1",
      // An issue leaves two seconds after Send, so a test watches it go rather than wait.
      NEWSLETTER_UNDO_SECONDS: "2",
      // Each test waits for its own confirmation message: a suite repeated within the hour
      // must not meet the site's budget of confirmations (tested on its own in vitest).
      NEWSLETTER_CONFIRMATIONS_PER_HOUR: "1000",
      ...env,
    },
  });
  const use = {
    ...devices["Desktop Chrome"],
    baseURL,
    launchOptions: { executablePath, args: ["--disable-background-networking", "--disable-component-update"] },
  };
  // Playwright runs projects in rounds (a project starts once every project of the round
  // before has finished), so each server's chain is kept short: readers, then writers,
  // then what runs alone, with the servers' chains side by side.
  let last = name;
  if (tests.only) {
    projects.push({ name, testMatch: tests.only, use });
  } else {
    const testIgnore = [...(tests.ignore ?? []), ...S3_TESTS, ...ALONE_TESTS];
    projects.push({ name, testIgnore: [...testIgnore, ...WRITERS], use });
    const writers = WRITERS.filter((w) => !testIgnore.includes(w));
    projects.push({ name: `${name}-writes`, testMatch: writers, dependencies: [last], use });
    last = `${name}-writes`;
  }
  if (tests.alone?.length) {
    projects.push({ name: `${name}-alone`, testMatch: tests.alone, dependencies: [last], use, workers: 1 });
  }
}

// What the browser alone shows (layout, keyboard, accessibility, the editors' screens) does
// not depend on the database engine, and the services under it run on both engines in the
// integration tests; on PostgreSQL the browser runs what reads and writes through it.
const ENGINE_NEUTRAL = [
  "build-output.test.ts",
  "quality.test.ts",
  "admin-shell.test.ts",
  "admin-toasts.test.ts",
  "admin.test.ts",
  "public-site.test.ts",
  "listings.test.ts",
  "search-fallback.test.ts",
  "fuzz.test.ts",
  "feeds.test.ts",
  "newsletter-api.test.ts",
  "quick-designer.test.ts",
  "nickname.test.ts",
  "nickname-ai.test.ts",
  "pagination.test.ts",
  "search-count.test.ts",
  "sidenotes.test.ts",
  // The player, uploads in parts and the captions' draft: what the browser and the object
  // store do, the same over either engine (their services are tested on both).
  "video-player.test.ts",
  "uploads.test.ts",
  "uploads-resume.test.ts",
  "poster-from-frame.test.ts",
  "draft-captions.test.ts",
];

// The managers' journeys click through dialogs whose calls the integration tests make on
// both engines; on PostgreSQL the browser runs the journeys where the database itself
// shows: publishing, schedules and the crawler, two instances, an outage.
const EDITOR_JOURNEYS = [
  "post-manager.test.ts",
  "post-editor.test.ts",
  "video-manager.test.ts",
  "previews-and-revisions.test.ts",
  // What an essay's embeds and a video's transcript show is rendered from what the
  // integration tests save and read on both engines (spoken search runs here on both).
  "essay-embeds.test.ts",
  "video-transcript.test.ts",
];

// Two instances sharing one database need a server the test can reach: PostgreSQL only.
// The newsletter's journeys send through the job queue on whichever engine runs it: on
// PostgreSQL when there is one, where sending to many matters, and here otherwise.
const postgresServer = process.env.TEST_DATABASE_URL;
const postgresPort = process.env.E2E_PG_PORT;
const onPostgres = Boolean(postgresServer && postgresPort);
addServer(
  "pglite",
  process.env.E2E_PORT,
  { DATA_DIR: e2eDataDir("pglite"), E2E_ENGINE: "pglite" },
  {
    ignore: ["two-instances.test.ts", "database-outage.test.ts", "postgres-restart.test.ts"],
    alone: onPostgres ? THEME_TESTS : [...THEME_TESTS, ...NEWSLETTER_TESTS],
  },
);

// Uploads through an S3-compatible bucket. The site starts once the fake bucket answers,
// since it copies its sample media there when it seeds.
servers.push({
  name: "fake-s3",
  command: ["tsx", "tests/setup/fake-s3-server.ts"],
  url: `http://127.0.0.1:${process.env.E2E_S3_PORT}/${E2E_S3.bucket}`,
  stopSeconds: 5,
  env: { FAKE_S3_PORT: process.env.E2E_S3_PORT },
});
addServer(
  "s3",
  process.env.E2E_S3_SITE_PORT,
  {
    DATA_DIR: e2eDataDir("s3"),
    E2E_ENGINE: "pglite",
    S3_BUCKET: E2E_S3.bucket,
    S3_REGION: E2E_S3.region,
    S3_ENDPOINT: `http://127.0.0.1:${process.env.E2E_S3_PORT}`,
    S3_ACCESS_KEY_ID: E2E_S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: E2E_S3.secretAccessKey,
  },
  // The layout journeys upload their images, here through the bucket. The analytics run
  // alone here too: this server's chain is the shortest (its few readers, then these), so
  // they end with the other servers' writers rather than in a round after them. Not the
  // themes: a design the layout journeys publish takes the home page's first screen, which
  // the themes' journeys read.
  { only: S3_TESTS, alone: [...LAYOUT_TESTS, ...ANALYTICS_TESTS] },
  "fake-s3",
);
if (postgresServer && postgresPort) {
  addServer(
    "postgres",
    postgresPort,
    {
      DATA_DIR: e2eDataDir("postgres"),
      E2E_ENGINE: "postgres",
      TEST_DATABASE_URL: postgresServer,
      E2E_PG_DATABASE: process.env.E2E_PG_DATABASE ?? "",
    },
    {
      // These start embedded sites of their own, whichever project runs them.
      ignore: [
        "single-instance.test.ts",
        "restore.test.ts",
        "backups.test.ts",
        "imports.test.ts",
        "account.test.ts",
        "sign-in-factors.test.ts",
        ...ENGINE_NEUTRAL,
        ...EDITOR_JOURNEYS,
      ],
      alone: [...NEWSLETTER_TESTS, ...ROLLOVER_TESTS],
    },
  );
}

// `--repeat-each` repeats only the projects nothing depends on; the suite's readers and
// writers run as a chain of projects, so a repeat of the whole chain is asked for here.
const repeatEach = Number(process.env.E2E_REPEAT_EACH ?? "1");
for (const project of projects) project.repeatEach = repeatEach;

export default defineConfig({
  testDir: "tests/e2e",
  // A folder of its own: Playwright empties its output folder as it starts, and `npm test`
  // keeps the earlier suites' reports beside it, in test-results/reports.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [
    ["list"],
    ["json", { outputFile: `${process.env.REPORTS_DIR ?? "test-results/reports"}/playwright.json` }],
  ],
  globalSetup: "tests/setup/e2e-servers.ts",
  metadata: { servers },
  projects,
});
