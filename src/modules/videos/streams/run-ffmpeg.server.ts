import { spawn } from "node:child_process";
import os from "node:os";
import { createInterface } from "node:readline";

/** The lowest priority a process can have: a transcode takes only the time pages leave over. */
const LOWEST_PRIORITY = 19;

/** Threads one transcode may use: half the machine, so pages always have a core. */
export const transcodeThreads = (): number => Math.max(1, Math.floor(os.availableParallelism() / 2));

/**
 * Run ffmpeg with `args` in `cwd` at the lowest priority, telling `onProgress` the seconds of
 * output written so far (from `-progress pipe:1`). Resolves once it ends well; rejects with
 * its last error line, or at once when `signal` aborts, which ends ffmpeg.
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: { cwd: string; signal: AbortSignal; onProgress: (seconds: number) => void },
): Promise<void> {
  const { cwd, signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const child = spawn(ffmpeg, args, { cwd, stdio: ["ignore", "pipe", "pipe"], signal, killSignal: "SIGKILL" });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Not allowed here (a container without the capability): it still runs, at the usual priority.
      }
    }
    let lastError = "";
    createInterface({ input: child.stderr }).on("line", (line) => {
      if (line.trim()) lastError = line.trim();
    });
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^out_time_us=(\d+)$/.exec(line);
      if (match) onProgress(Number(match[1]) / 1e6);
    });
    const stopped = () => new Error("The transcode was stopped.", { cause: signal.reason });
    child.on("error", (error) => {
      reject(signal.aborted ? stopped() : error);
    });
    child.on("close", (code) => {
      if (signal.aborted) reject(stopped());
      else if (code === 0) resolve();
      else reject(new Error(lastError || `ffmpeg ended with code ${String(code)}`));
    });
  });
}
