import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/setup/free-port.ts";

// The front thread run as a process, with a site worker of the test's own in place of the
// built one: what the front does when SIGTERM comes, whatever the worker does then.
const project = fileURLToPath(new URL("../..", import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A folder to run the front from, whose "build" is a worker answering a stop with `onStop`. */
function buildWithWorker(onStop: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "meh-front-stop-"));
  folders.push(folder);
  mkdirSync(path.join(folder, "dist/server"), { recursive: true });
  mkdirSync(path.join(folder, "dist/client/_astro"), { recursive: true });
  mkdirSync(path.join(folder, "data"));
  writeFileSync(path.join(folder, "dist/server/entry.mjs"), "");
  writeFileSync(
    path.join(folder, "dist/server/site-worker.mjs"),
    `import { parentPort } from "node:worker_threads";
parentPort.on("message", (message) => {
  if (message.type === "stop") { ${onStop} }
});
`,
  );
  return folder;
}

/** Start the front in `folder`, send it SIGTERM once it listens, and see how it ends. */
async function stopFront(folder: string, env: Record<string, string> = {}) {
  const port = await freePort();
  // tsx's loader in this very process, not its command: the command runs the script in a
  // child and relays signals to it, and a SIGTERM that came before the child had told it of
  // its own handler ended both with code 143, as if the front had no stop of its own.
  const front = spawn(
    process.execPath,
    ["--import", pathToFileURL(path.join(project, "node_modules/tsx/dist/loader.mjs")).href].concat(
      path.join(project, "src/server/front.ts"),
    ),
    {
      cwd: folder,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.join(project, "tsconfig.json"),
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: path.join(folder, "data"),
        ...env,
      },
    },
  );
  let output = "";
  front.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  front.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => front.once("exit", resolve));
  try {
    // The front answers an unknown build asset itself, before any worker is ready.
    await vi.waitFor(
      async () => {
        expect(front.exitCode, output).toBeNull();
        expect((await fetch(`http://127.0.0.1:${port}/_astro/none.js`)).status).toBe(404);
      },
      { timeout: 30_000, interval: 100 },
    );
    const since = Date.now();
    front.kill("SIGTERM");
    // Waited for long enough to tell a deadline missed from one kept, not for good.
    const code = await Promise.race([
      exited,
      new Promise<"still running">((resolve) => setTimeout(resolve, 10_000, "still running")),
    ]);
    return { code, output, seconds: (Date.now() - since) / 1000 };
  } finally {
    front.kill("SIGKILL");
  }
}

describe("stopping the front server", { timeout: 60_000 }, () => {
  it("ends with code 1 once SHUTDOWN_TIMEOUT_SECONDS pass, if the worker never answers", async () => {
    const { code, output, seconds } = await stopFront(buildWithWorker(""), { SHUTDOWN_TIMEOUT_SECONDS: "2" });
    expect(code, output).toBe(1);
    expect(output).toContain(
      "Stopping took longer than 2 s (SHUTDOWN_TIMEOUT_SECONDS): still waiting for the site worker to stop.",
    );
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(seconds).toBeLessThan(5);
  });

  it("names the step the worker was stuck at", async () => {
    const folder = buildWithWorker(`parentPort.postMessage({ type: "stopping", step: "closing the database" });`);
    const { code, output } = await stopFront(folder, { SHUTDOWN_TIMEOUT_SECONDS: "1" });
    expect(code, output).toBe(1);
    expect(output).toContain("still waiting for the site worker, which was closing the database.");
  });

  it("ends with code 0 as soon as the worker has stopped, well within the deadline", async () => {
    const folder = buildWithWorker(`parentPort.postMessage({ type: "stopped" });`);
    const { code, output, seconds } = await stopFront(folder, { SHUTDOWN_TIMEOUT_SECONDS: "60" });
    expect(code, output).toBe(0);
    expect(seconds).toBeLessThan(5);
  });
});
