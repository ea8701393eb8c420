import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { FullConfig } from "@playwright/test";

/** A server the browser tests run against, started before them and stopped after. */
export interface E2eServer {
  name: string;
  command: string[];
  env: Record<string, string>;
  /** Answers (below 404) once the server is ready. */
  url: string;
  /** The server that must be ready before this one starts. */
  after?: string;
  /** How long it has to stop after SIGTERM before it is killed. */
  stopSeconds: number;
}

const START_TIMEOUT_MS = 120_000;

/** Each line of a server's output, named for the server, as it comes. */
function relay(name: string, child: ChildProcess): void {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!from) continue;
    createInterface({ input: from }).on("line", (line) => to.write(`[${name}] ${line}\n`));
  }
}

const ended = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Resolves once `url` answers; rejects if the server ends first or takes too long. */
async function ready(server: E2eServer, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!ended(child) && Date.now() < deadline) {
    try {
      if ((await fetch(server.url)).status < 404) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The ${server.name} server ${ended(child) ? "ended before it answered" : "did not answer in time"} at ${server.url}.`,
  );
}

/** SIGTERM to the server's process group, then SIGKILL if it has not ended in its time. */
async function stop(server: E2eServer, child: ChildProcess): Promise<void> {
  if (ended(child) || child.pid === undefined) return;
  const exited = once(child, "exit");
  process.kill(-child.pid, "SIGTERM");
  const killer = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  }, server.stopSeconds * 1000);
  await exited;
  clearTimeout(killer);
}

/**
 * Playwright's global setup: start the servers named in the config's metadata side by side
 * (its own `webServer` starts them one after another, which was most of half a minute
 * before the first test), each after the one it waits for, and return their teardown.
 */
export default async function startServers(config: FullConfig): Promise<() => Promise<void>> {
  const servers = config.metadata.servers as E2eServer[];
  const running: { server: E2eServer; child: ChildProcess }[] = [];
  const started = new Map<string, Promise<void>>();
  for (const server of servers) {
    const start = async () => {
      if (server.after) await started.get(server.after);
      const [bin = "", ...args] = server.command;
      // A group of its own, so the stop reaches the site the command starts too.
      const child = spawn(bin, args, { env: { ...process.env, ...server.env }, detached: true, stdio: "pipe" });
      running.push({ server, child });
      relay(server.name, child);
      await ready(server, child);
    };
    started.set(server.name, start());
  }
  const stopAll = async () => {
    await Promise.all(running.map(({ server, child }) => stop(server, child)));
  };
  const results = await Promise.allSettled(started.values());
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
