import os from "node:os";

/** This process, as a row of work it holds names it (`host:pid`). */
export const THIS_PROCESS = `${os.hostname()}:${String(process.pid)}`;

/**
 * Whether the process `holder` names is gone, so the work it held stopped mid-way: only
 * knowable for one on this machine (another machine's is judged by how long its row went
 * untouched).
 */
export function holderGone(holder: string): boolean {
  const [host, pid] = holder.split(":");
  if (host !== os.hostname() || holder === THIS_PROCESS) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
