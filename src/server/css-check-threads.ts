import { Worker } from "node:worker_threads";
import type { CssCheck } from "../modules/themes/css-check.ts";
import type { CssProblem } from "../modules/themes/css-problem.ts";

export interface CssCheckRequest {
  id: number;
  css: string;
}
export interface CssCheckAnswer {
  id: number;
  problems: CssProblem[];
}

/** How long an unused checking thread is kept: a second check while editing costs no start. */
const IDLE_MS = 30_000;

/**
 * Check themes in a thread of their own (`script`, src/server/css-check-thread.ts as built),
 * started on the first check and ended once unused for a while, so the site worker's
 * thread, which renders every page, never spends seconds on a large theme and holds no
 * second isolate when nobody edits one. Checks are answered in turn; a thread that fails
 * fails the checks it held, and the next check starts a new one.
 */
export function cssCheckThreads(script: string | URL, idleMs = IDLE_MS): CssCheck {
  let thread: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (problems: CssProblem[]) => void; reject: (error: Error) => void }>();
  let idle: NodeJS.Timeout | undefined;

  const end = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    thread = undefined;
  };

  const start = (): Worker => {
    const started = new Worker(script);
    started.on("message", ({ id, problems }: CssCheckAnswer) => {
      waiting.get(id)?.resolve(problems);
      waiting.delete(id);
      if (waiting.size === 0) {
        idle = setTimeout(() => {
          // The next check starts another thread rather than reach this one as it ends.
          if (thread === started) thread = undefined;
          void started.terminate();
        }, idleMs);
        idle.unref();
      }
    });
    started.on("error", end);
    started.on("exit", (code) => {
      if (thread === started) end(new Error(`The CSS check stopped (exit code ${code}).`));
    });
    // A thread waiting for work must not keep a stopping process alive.
    started.unref();
    return started;
  };

  return (css) => {
    clearTimeout(idle);
    thread ??= start();
    const id = nextId++;
    thread.postMessage({ id, css } satisfies CssCheckRequest);
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  };
}
