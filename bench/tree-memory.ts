import { readFileSync } from "node:fs";
import { childrenOf } from "./site";

/** One process of a tree, as its own resident figures show it. */
export interface ProcessMemory {
  pid: number;
  /** Its command line, shortened. */
  command: string;
  /** Resident memory (VmRSS), in MB. */
  rssMb: number;
}

export interface TreeMemory {
  processes: ProcessMemory[];
  /** The processes' resident memory added up, in MB: a file's pages resident in two of them count twice. */
  rssSumMb: number;
  /**
   * The tree's resident memory with each file's pages counted once, in MB: every process's
   * anonymous memory, plus, for each file the processes map (Node's own executable, which
   * `npm` and the server both run, above all), the most of it any one of them holds.
   */
  filesOnceMb: number;
  /** The processes' proportional set sizes added up, in MB (a page shared with any process, in the tree or not, is divided among them). */
  pssSumMb: number;
}

const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);

/** A process and its descendants, it first (Linux: read from /proc). */
function tree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(tree)];
}

/** Resident kB of each file a process maps, and of all else (anonymous memory, stacks, the heap). */
function residentByFile(pid: number): { files: Map<string, number>; otherKb: number } {
  const files = new Map<string, number>();
  let otherKb = 0;
  let file: string | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    // A mapping's header: address range, permissions, offset, device, inode, then its path.
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      file = header[1] !== "0" && header[2]?.startsWith("/") ? header[2] : undefined;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    if (file) files.set(file, (files.get(file) ?? 0) + Number(rss[1]));
    else otherKb += Number(rss[1]);
  }
  return { files, otherKb };
}

/** The memory of `pid` and every process below it (Linux: read from /proc). */
export function treeMemory(pid: number): TreeMemory {
  const processes: ProcessMemory[] = [];
  const fileKb = new Map<string, number>();
  let rssKb = 0;
  let pssKb = 0;
  let otherKb = 0;
  for (const member of tree(pid)) {
    const rss = kb(readFileSync(`/proc/${member}/status`, "utf8"), "VmRSS");
    const command = readFileSync(`/proc/${member}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    processes.push({ pid: member, command: command.slice(0, 80), rssMb: rss / 1024 });
    rssKb += rss;
    pssKb += kb(readFileSync(`/proc/${member}/smaps_rollup`, "utf8"), "Pss");
    const own = residentByFile(member);
    otherKb += own.otherKb;
    for (const [file, resident] of own.files) fileKb.set(file, Math.max(fileKb.get(file) ?? 0, resident));
  }
  const filesKb = [...fileKb.values()].reduce((sum, resident) => sum + resident, 0);
  return { processes, rssSumMb: rssKb / 1024, filesOnceMb: (otherKb + filesKb) / 1024, pssSumMb: pssKb / 1024 };
}
