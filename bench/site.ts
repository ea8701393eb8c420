import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/setup/free-port.ts";

export const ADMIN = { username: "bench-admin", password: "a long bench password" };

export interface RunningSite {
  origin: string;
  port: number;
  /** Milliseconds from spawn to the first 200 on /. */
  startMs: number;
  /** The process started, which is the site's server. */
  pid: number;
  stop(): Promise<void>;
  /** End it as a crash would: SIGKILL, so nothing is cleaned up. */
  crash(): Promise<void>;
}

/**
 * Start the built site (`npm start`'s script) and wait until it answers: on the embedded
 * database in its data directory, or on the PostgreSQL database `databaseUrl` names; on a free
 * port, or on `port` (a restart keeps its address, which is in every page it stored).
 */
export async function startSite(dataDir?: string, databaseUrl = "", port?: number): Promise<RunningSite> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "meh-bench-"));
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // As `npm start` runs it, without npm: npm would run the server in a child of its own that a
  // SIGKILL (see crash) would leave running.
  const child: ChildProcess = spawn(process.execPath, ["src/server/start.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: "ignore",
  });
  for (;;) {
    const ok = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error("the site did not start");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startMs = performance.now() - started;
  const end = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    await new Promise((resolve) => child.once("exit", resolve));
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  return { origin, port, startMs, pid: child.pid ?? 0, stop: () => end("SIGTERM"), crash: () => end("SIGKILL") };
}

/** Resident memory of a process and its descendants, in MB (Linux: read from /proc). */
export function residentMb(pid: number): number {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return childrenOf(pid).reduce((sum, child) => sum + residentMb(child), rss);
}

/** The processes a process started (Linux: read from /proc); none once it has ended. */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}
