import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/setup/free-port.ts";
import { processState } from "../tests/setup/process-state.ts";

export const ADMIN = { username: "bench-admin", password: "a long bench password" };

export interface RunningSite {
  origin: string;
  port: number;
  /** Milliseconds from spawn to the first 200 on /. */
  startMs: number;
  /** The site's server process (Node running the start script). */
  pid: number;
  /** The process started: `npm` when the site was started by `npm start`, else the server. */
  group: number;
  stop(): Promise<void>;
  /** End it as a crash would: SIGKILL to its whole process group (npm, its shell, Node), so nothing is cleaned up. */
  crash(): Promise<void>;
}

/** How a site is started: as `npm start` runs its script, or by `npm start` itself (npm's own start counted). */
export type StartWith = "node" | "npm";

/**
 * Start the built site (`npm start`'s script) and wait until it answers: on the embedded
 * database in its data directory, or on the PostgreSQL database `databaseUrl` names; on a free
 * port, or on `port` (a restart keeps its address, which is in every page it stored).
 */
export async function startSite(
  dataDir?: string,
  databaseUrl = "",
  port?: number,
  startWith: StartWith = "node",
): Promise<RunningSite> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "meh-bench-"));
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, args] =
    startWith === "npm" ? ["npm", ["start", "--silent"]] : [process.execPath, ["src/server/start.ts"]];
  const child: ChildProcess = spawn(command, args, {
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
    // A process group of its own, which a crash kills whole, as a terminal or a process
    // manager does: the server's parent dies with it, so init, not its parent, reaps it.
    detached: true,
  });
  const group = child.pid;
  if (group === undefined) throw new Error("the site could not be started");
  running.add(group);
  child.once("exit", () => running.delete(group));
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
  // npm runs the server in a child of its own (through a shell): that is the process a stop
  // ends, and npm then exits, as it would in production.
  const pid = startWith === "npm" ? serverUnder(group) : group;
  if (pid === 0) throw new Error("the site's server process was not found");
  const end = async (target: number, signal: NodeJS.Signals) => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(target, signal);
    await exited;
    // npm may exit before the server has: a restart comes once the server has exited, reaped
    // by init or not (a zombie).
    while (!["Z", "X", undefined].includes(processState(pid))) await new Promise((resolve) => setTimeout(resolve, 5));
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  return {
    origin,
    port,
    startMs,
    pid,
    group,
    stop: () => end(pid, "SIGTERM"),
    crash: () => end(-group, "SIGKILL"),
  };
}

// Each site runs in a process group of its own, which the terminal's Ctrl-C does not reach:
// the bench ends the groups still running when it is interrupted or exits.
const running = new Set<number>();
function endRunning(): void {
  for (const group of running) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}
process.on("exit", endRunning);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    endRunning();
    process.exit(130);
  });
}

/**
 * The site's server process among `pid`'s descendants: Node running the start script, or the
 * built front thread it runs as on Linux (src/server/start.ts).
 */
function serverUnder(pid: number): number {
  for (const child of childrenOf(pid)) {
    const argv = readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
    if (argv[0]?.endsWith("node") && argv.some((arg) => /(src\/server\/start\.ts|dist\/server\/front\.mjs)$/.test(arg)))
      return child;
    const below = serverUnder(child);
    if (below) return below;
  }
  return 0;
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
