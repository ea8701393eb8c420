import { z } from "zod";
import { currentVersion, upgrade } from "@/lib/versioned-document";
import { revisionKinds } from "../revision-kinds";

// A new post or video has no row to autosave to, so its work is kept in the browser until
// its first save. Not a draft row made by the first autosave: work that does not yet pass
// the form (a title and a few paragraphs, no category) is the work most worth keeping, and
// a row needs a valid item; a row would also turn the open form into an edit under the
// owner's typing, and two tabs would each make one. Each form keeps its work under a key of
// its own and holds a Web Lock named after that key while it is open: the browser lets go
// of the lock when the tab closes, reloads or crashes, so what a new form offers back is
// exactly the work no open form is writing, and two tabs never continue the same work.

/** The kinds of item whose new work is kept: a revision kind, whose document it is. */
export type KeptKind = keyof typeof revisionKinds;

const PREFIX = "meh-moments:new-item:";

// Written by `keep` below; anything else under the prefix (an older release's, a hand edit) is passed over.
const storedEntry = z.object({ version: z.number().int(), savedAt: z.iso.datetime(), work: z.unknown() });

/** Work typed into a new item's form and kept in this browser. */
export interface KeptWork {
  key: string;
  savedAt: Date;
  /** The form's input as it was, in today's shape; it need not pass the form yet. */
  document: Readonly<Record<string, unknown>>;
}

/** A key of its own for a new form of `kind`. */
export const newWorkKey = (kind: KeptKind): string =>
  `${PREFIX}${kind}:${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function read(kind: KeptKind, key: string): KeptWork | null {
  try {
    const entry = storedEntry.parse(JSON.parse(localStorage.getItem(key) ?? "null"));
    const document = upgrade(revisionKinds[kind], { version: entry.version, data: entry.work });
    return { key, savedAt: new Date(entry.savedAt), document };
  } catch {
    // Not JSON, not ours, from a newer release: left alone, never offered half-read.
    return null;
  }
}

// Absent outside secure contexts, whatever the DOM's types say.
const locks = (): LockManager | undefined => ("locks" in navigator ? navigator.locks : undefined);

/** The work of `kind` kept in this browser, newest first, less what an open form holds. */
export async function keptWork(kind: KeptKind): Promise<KeptWork[]> {
  const held = new Set((await locks()?.query())?.held?.map((lock) => lock.name));
  const keys = Object.keys(localStorage).filter((key) => key.startsWith(`${PREFIX}${kind}:`) && !held.has(key));
  return keys
    .map((key) => read(kind, key))
    .filter((work) => work !== null)
    .sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime());
}

/** Keep a new form's work under its key; throws when the browser refuses (storage full or off). */
export function keepWork(kind: KeptKind, key: string, work: unknown): void {
  const entry = { version: currentVersion(revisionKinds[kind]), savedAt: new Date().toISOString(), work };
  localStorage.setItem(key, JSON.stringify(entry));
}

/** Forget the work under `key`: saved to the site, or discarded. */
export function forgetWork(key: string): void {
  localStorage.removeItem(key);
}

/**
 * Hold `key` for this form while it is open; resolves whether it could (another tab may have
 * taken it first). The returned release lets it go. A browser without Web Locks (a page not
 * served over HTTPS or from localhost) holds nothing, so another tab could offer the work too.
 */
export function holdWork(key: string): { taken: Promise<boolean>; release: () => void } {
  let release: () => void = () => undefined;
  const manager = locks();
  if (!manager) return { taken: Promise.resolve(true), release };
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const taken = new Promise<boolean>((resolve) => {
    void manager.request(key, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock ? held : undefined;
    });
  });
  return { taken, release };
}
