import { readFileSync } from "node:fs";

/**
 * A process's state letter (`R`, `S`, `Z` for a zombie…) from /proc/<pid>/stat, or undefined
 * once it is gone (or without /proc). The command name before it may hold spaces.
 */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}
