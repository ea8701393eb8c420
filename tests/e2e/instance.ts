import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { freePort } from "../setup/free-port";

/** How much of an instance's output is kept: enough for the lines around a failure. */
const LOG_TAIL = 32 * 1024;

/** A server of the site started by a test, beside the project's own. */
export interface Instance {
  origin: string;
  request: APIRequestContext;
  stop(): Promise<void>;
  /** End it at once with SIGKILL, as a crash or a power cut would: nothing it does on a stop runs. */
  kill(): Promise<void>;
  /** The end of what it printed, for a failed test to show how the server saw it. */
  log(): string;
}

/** Where an instance runs: a port and a data folder, the same again for a restart. */
export interface Place {
  port: number;
  dataDir: string;
}

/** A port and a data folder of its own, for an instance to start (and start again) at. */
export async function newPlace(): Promise<Place> {
  return { port: await freePort(), dataDir: mkdtempSync(path.join(os.tmpdir(), "meh-instance-")) };
}

// Instances still running when the test worker ends (a test failed before its stop) are
// killed with it, rather than left serving on their ports for good.
const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/**
 * Start the built site on `databaseUrl` as `npm start` does, with `env` added to its
 * settings, and wait until it answers: at a `place` of its own, removed when it stops, or
 * at the one given, kept for a restart.
 */
export async function startInstance(
  playwright: PlaywrightWorkerArgs["playwright"],
  databaseUrl: string,
  env: Record<string, string> = {},
  place?: Place,
): Promise<Instance> {
  const { port, dataDir } = place ?? (await newPlace());
  const child = spawn(process.execPath, ["src/server/start.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let printed = "";
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-LOG_TAIL);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.once("exit", () => live.delete(child));
  const origin = `http://127.0.0.1:${port}`;
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  // Once, however often it is called: a test's `finally` may stop what its body stopped.
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await request.dispose();
      child.kill("SIGTERM");
      await exited;
      if (!place) rmSync(dataDir, { recursive: true, force: true });
    })());
  const kill = async () => {
    await request.dispose();
    child.kill("SIGKILL");
    await exited;
  };
  try {
    await expect
      .poll(
        () =>
          request.get("/api/posts/recent").then(
            (r) => r.status(),
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, request, stop, kill, log: () => printed };
}
