import { randomUUID } from "node:crypto";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/** Who holds a lock, told apart from a later process that happens to get the same pid. */
interface Holder {
  /** This lock's own name: a taken-over lock is set aside under it. */
  id: string;
  host: string;
  /** The boot and pid namespace the pid belongs to; null without /proc. */
  view: string | null;
  pid: number;
  /** When the process started, in clock ticks after boot; null without /proc. */
  start: string | null;
}

// The holder touches its lock this often; a lock untouched for STALE_MS is free. This is
// only for holders whose liveness cannot be read (another host or container, no /proc).
const HEARTBEAT_MS = 5_000;
const STALE_MS = 10_000;
// Set-aside locks are kept this long, so a start that read a dead holder and then stalled
// cannot set aside the lock a faster start has made since.
const KEEP_SET_ASIDE_MS = 60_000;

const read = (file: string): string | null => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

function kernelView(): string | null {
  const boot = read("/proc/sys/kernel/random/boot_id");
  try {
    return boot && `${boot.trim()}/${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return null;
  }
}

/**
 * A process's state letter and start time (fields 3 and 22 of /proc/<pid>/stat; the command
 * name before them may hold spaces), or null without /proc or once the process is gone.
 */
function statOf(pid: number): { state: string; start: string } | null {
  const fields = read(`/proc/${pid}/stat`)?.split(") ").at(-1)?.split(" ");
  return fields?.[0] && fields[19] ? { state: fields[0], start: fields[19] } : null;
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isGone(holder: Holder | null, touchedMs: number): boolean {
  const here = holder?.host === os.hostname() && holder.view === kernelView();
  if (holder && here) {
    if (!exists(holder.pid)) return true;
    const stat = statOf(holder.pid);
    // A zombie (Z) has exited and holds no files: it waits only for its parent to read its
    // exit status, or, when the parent was killed with it (kill -9 of `npm start`'s process
    // group), for init, which may take its time. X is a process being removed.
    if (stat?.state === "Z" || stat?.state === "X") return true;
    // A holder seen alive is never gone, however long since it touched the lock: its thread
    // may be busy for longer than STALE_MS (creating the database files, on a slow host).
    // A pid reused by another process shows another start time.
    if (holder.start !== null) return stat?.start !== holder.start;
  }
  return Date.now() - touchedMs > STALE_MS;
}

const isTaken = (error: unknown) => ["EEXIST", "ENOTEMPTY"].includes((error as NodeJS.ErrnoException).code ?? "");

/** Make the lock directory with its holder in one step: a lock is never seen without one. */
function create(lock: string, holder: Holder): boolean {
  const draft = mkdtempSync(`${lock}.new-`);
  writeFileSync(path.join(draft, "holder.json"), JSON.stringify(holder));
  try {
    renameSync(draft, lock);
    return true;
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    if (isTaken(error)) return false;
    throw error;
  }
}

/** The lock's holder and when it was last touched, or undefined when there is no lock. */
function inspect(lock: string): { holder: Holder | null; touchedMs: number } | undefined {
  try {
    const touchedMs = statSync(lock).mtimeMs;
    const text = read(path.join(lock, "holder.json"));
    return { holder: text === null ? null : (JSON.parse(text) as Holder), touchedMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Set a dead holder's lock aside under its own name. Two starts may both find it dead; the
 * first moves it, and the second's move then fails on the name taken, so it can never move
 * the lock the first has made since.
 */
function setAside(lock: string, holder: Holder | null, touchedMs: number): void {
  try {
    renameSync(lock, `${lock}.gone-${holder?.id ?? String(touchedMs)}`);
  } catch (error) {
    if (!isTaken(error) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function sweep(lock: string): void {
  const dir = path.dirname(lock);
  const prefix = `${path.basename(lock)}.`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${prefix}gone-`) && !name.startsWith(`${prefix}new-`)) continue;
    const entry = path.join(dir, name);
    if (Date.now() - statSync(entry).mtimeMs > KEEP_SET_ASIDE_MS) rmSync(entry, { recursive: true, force: true });
  }
}

/**
 * Hold `<dir>.lock` for this process, or undefined when another live process holds it. A
 * lock whose holder is gone (killed, crashed) is taken over at once. Returns the release.
 */
export function lockDirectory(dir: string): (() => void) | undefined {
  const lock = `${dir}.lock`;
  const me: Holder = {
    id: randomUUID(),
    host: os.hostname(),
    view: kernelView(),
    pid: process.pid,
    start: statOf(process.pid)?.start ?? null,
  };
  // A few rounds cover a lock released or set aside by someone else meanwhile.
  for (let round = 0; round < 5; round++) {
    if (create(lock, me)) {
      sweep(lock);
      const heartbeat = setInterval(() => {
        const now = new Date();
        // A lock removed from under us is not ours to remake; the holder check still holds.
        try {
          utimesSync(lock, now, now);
        } catch {
          clearInterval(heartbeat);
        }
      }, HEARTBEAT_MS).unref();
      return () => {
        clearInterval(heartbeat);
        if (inspect(lock)?.holder?.id === me.id) rmSync(lock, { recursive: true, force: true });
      };
    }
    const found = inspect(lock);
    if (!found) continue;
    if (!isGone(found.holder, found.touchedMs)) return undefined;
    setAside(lock, found.holder, found.touchedMs);
  }
  return undefined;
}
