// Runs every suite of `npm test` in turn, even after one fails, and ends with one line
// totalling them: "N passed, N failed". Lint and type check count as one test each.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

interface Suite {
  name: string;
  command: string[];
  /** Reads the suite's own counts; lint and check are one pass or fail. */
  count?: () => { passed: number; failed: number };
}

const REPORTS = "test-results/reports";
rmSync(REPORTS, { recursive: true, force: true });

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

const suites: Suite[] = [
  // Type check first: it generates Astro's types (.astro/), which lint reads.
  { name: "type check", command: ["astro", "check"] },
  { name: "lint", command: ["npm", "run", "--silent", "lint"] },
  {
    name: "unit and integration (vitest)",
    command: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`],
    count: () => {
      const r = readJson(`${REPORTS}/vitest.json`) as { numPassedTests: number; numFailedTests: number };
      return { passed: r.numPassedTests, failed: r.numFailedTests };
    },
  },
  { name: "build", command: ["astro", "build"] },
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
];

let passed = 0;
let failed = 0;
for (const suite of suites) {
  console.log(`\n▶ ${suite.name}: ${suite.command.join(" ")}`);
  const [bin = "", ...args] = suite.command;
  const run = spawnSync(bin, args, { stdio: "inherit", env: { ...process.env, REPORTS_DIR: REPORTS } });
  let counts = { passed: run.status === 0 ? 1 : 0, failed: run.status === 0 ? 0 : 1 };
  if (suite.count) {
    try {
      counts = suite.count();
      if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
    } catch {
      // No report: the suite could not start, which is one failure.
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  if (suite.name === "build" && run.status !== 0) break;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
