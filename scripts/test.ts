// Runs every suite of `npm test` in turn, even after one fails, and ends with one line
// totalling them: "N passed, N failed". Lint and type check count as one test each.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

interface Suite {
  name: string;
  command: string[];
  /** Reads the suite's own counts; lint and check are one pass or fail. */
  count?: () => { passed: number; failed: number };
  /** Runs at the same time as the next suite that is not (each is mostly one core); its output is shown when it ends. */
  alongside?: boolean;
}

const REPORTS = "test-results/reports";
rmSync(REPORTS, { recursive: true, force: true });

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

const suites: Suite[] = [
  // Astro's types (.astro/) are generated once, before the type check and lint read them side
  // by side: a check that generated them itself would rewrite files lint is reading. Not beside
  // vitest: its workers and the PostgreSQL server they talk to keep both cores busy, and lint
  // there took three times as long and vitest 100 s longer than the two in turn.
  { name: "type check", command: ["astro", "check", "--noSync"], alongside: true },
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
  // Five minutes of kept-alive readers and visitors who hang up mid-answer against the built
  // site: mostly waiting, so it runs beside the browser tests rather than before them.
  { name: "keep-alive soak", command: ["node", "tests/soak/keep-alive-soak.ts"], alongside: true },
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

const env = { ...process.env, REPORTS_DIR: REPORTS };

/** How a suite ended: its exit status (null if it could not start), and how long it took. */
interface Ran {
  status: number | null;
  seconds: number;
}

/**
 * Run a suite: its output shown as it comes, or, for one `beside` another, kept and returned
 * to be shown once the other has ended, so the two never interleave.
 */
function run(suite: Suite, beside: boolean): Promise<Ran & { output: Buffer }> {
  const [bin = "", ...args] = suite.command;
  const started = performance.now();
  const child = spawn(bin, args, { env, stdio: ["ignore", beside ? "pipe" : "inherit", beside ? "pipe" : "inherit"] });
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

const synced = spawnSync("astro", ["sync"], { stdio: "inherit", env });
let passed = 0;
let failed = synced.status === 0 ? 0 : 1;
let beside: { suite: Suite; running: ReturnType<typeof run> }[] = [];
for (const suite of suites) {
  if (suite.alongside) {
    beside.push({ suite, running: run(suite, true) });
    continue;
  }
  console.log(header(suite));
  const ran = await run(suite, false);
  console.log(footer(suite, ran));
  for (const { suite: other, running } of beside) {
    const result = await running;
    console.log(header(other));
    process.stdout.write(result.output);
    console.log(footer(other, result));
    if (result.status === 0) passed += 1;
    else failed += 1;
  }
  beside = [];
  let counts = { passed: ran.status === 0 ? 1 : 0, failed: ran.status === 0 ? 0 : 1 };
  if (suite.count) {
    try {
      counts = suite.count();
      if (ran.status !== 0 && counts.failed === 0) counts.failed = 1;
    } catch {
      // No report: the suite could not start, which is one failure.
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  if (suite.name === "build" && ran.status !== 0) break;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
