// Runs every suite of `npm test`, even after one fails, and ends with one line totalling
// them: "N passed, N failed". Lint, the type check and the build count as one test each.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

interface Suite {
  name: string;
  command: string[];
  /** Reads the suite's own counts; the others are one pass or fail. */
  count?: () => { passed: number; failed: number };
}

const REPORTS = "test-results/reports";
rmSync(REPORTS, { recursive: true, force: true });

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

const vitest = (name: string, project: string, report: string, workers: string[] = []): Suite => ({
  name,
  command: [
    "vitest",
    "run",
    `--project=${project}`,
    ...workers,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORTS}/${report}`,
  ],
  count: () => {
    const r = readJson(`${REPORTS}/${report}`) as { numPassedTests: number; numFailedTests: number };
    return { passed: r.numPassedTests, failed: r.numFailedTests };
  },
});

const BUILD: Suite = { name: "build", command: ["astro", "build"] };

/**
 * The steps, one after another. A step's lanes run side by side, each its suites in turn: on
 * two cores, each lane mostly keeps one busy. The first lane's output is shown as it comes;
 * the others' once the step has ended, so they never interleave.
 */
const steps: Suite[][][] = [
  // Astro's types (.astro/) are generated once, before the type check and lint read them side
  // by side: a check that generated them itself would rewrite files lint is reading. ESLint
  // takes twice as long as the type check, so the type check's lane goes on with what needs
  // no database (the unit tests, in one worker) and the build. Not the database's tests:
  // their workers and the PostgreSQL server they talk to keep both cores busy, and lint
  // beside them took three times as long and they 100 s longer than the two in turn. The
  // build rewrites Astro's types too, by then long read by lint (once, as it starts).
  [
    [
      { name: "type check", command: ["astro", "check", "--noSync"] },
      vitest("unit tests (vitest)", "unit", "vitest-unit.json", ["--maxWorkers=1"]),
      BUILD,
    ],
    [{ name: "lint", command: ["npm", "run", "--silent", "lint"] }],
  ],
  [[vitest("integration tests (vitest)", "!unit", "vitest.json")]],
  [
    [
      {
        name: "browser (playwright)",
        command: ["playwright", "test"],
        count: () => {
          const r = readJson(`${REPORTS}/playwright.json`) as {
            stats: { expected: number; unexpected: number; flaky: number; skipped: number };
          };
          // No test is skipped on purpose: one that did not run (its project's dependency failed) failed.
          return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + r.stats.skipped };
        },
      },
    ],
    // Five minutes of kept-alive readers and visitors who hang up mid-answer against the built
    // site: mostly waiting, so it runs beside the browser tests rather than before them.
    [{ name: "keep-alive soak", command: ["node", "tests/soak/keep-alive-soak.ts"] }],
  ],
];

const env = { ...process.env, REPORTS_DIR: REPORTS };

/** How a suite ended: its exit status (null if it could not start), how long it took, and its output if kept. */
interface Ran {
  status: number | null;
  seconds: number;
  output: Buffer;
}

/** Run a suite: its output shown as it comes, or kept and returned to be shown later. */
function run(suite: Suite, live: boolean): Promise<Ran> {
  const [bin = "", ...args] = suite.command;
  const started = performance.now();
  const child = spawn(bin, args, { env, stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"] });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = (status: number | null) => ({
    status,
    seconds: Math.round((performance.now() - started) / 1000),
    output: Buffer.concat(output),
  });
  return new Promise((resolve) => {
    child.on("error", () => {
      resolve(ended(null));
    });
    child.on("close", (status) => {
      resolve(ended(status));
    });
  });
}

const header = (suite: Suite) => `\n▶ ${suite.name}: ${suite.command.join(" ")}`;
const footer = (suite: Suite, ran: Ran) => `◀ ${suite.name}: ${String(ran.seconds)} s`;

/** A suite's counts: its own report's, or one test for its exit status. */
function counted(suite: Suite, ran: Ran): { passed: number; failed: number } {
  const byStatus = { passed: ran.status === 0 ? 1 : 0, failed: ran.status === 0 ? 0 : 1 };
  if (!suite.count) return byStatus;
  try {
    const counts = suite.count();
    if (ran.status !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  } catch {
    // No report: the suite could not start, which is one failure.
    return { passed: 0, failed: 1 };
  }
}

/** Run a lane's suites in turn, each shown as it runs if `live`. */
async function runLane(lane: Suite[], live: boolean): Promise<{ suite: Suite; ran: Ran }[]> {
  const results = [];
  for (const suite of lane) {
    if (live) console.log(header(suite));
    const ran = await run(suite, live);
    if (live) console.log(footer(suite, ran));
    results.push({ suite, ran });
  }
  return results;
}

const synced = spawnSync("astro", ["sync"], { stdio: "inherit", env });
let passed = 0;
let failed = synced.status === 0 ? 0 : 1;
for (const step of steps) {
  const lanes = await Promise.all(step.map((lane, index) => runLane(lane, index === 0)));
  for (const [index, results] of lanes.entries()) {
    for (const { suite, ran } of results) {
      if (index > 0) {
        console.log(header(suite));
        process.stdout.write(ran.output);
        console.log(footer(suite, ran));
      }
      const counts = counted(suite, ran);
      passed += counts.passed;
      failed += counts.failed;
    }
  }
  // The browser tests and the soak run the build.
  const built = lanes.flat().find(({ suite }) => suite === BUILD);
  if (built && built.ran.status !== 0) break;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
