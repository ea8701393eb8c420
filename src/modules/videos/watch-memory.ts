/**
 * Where a viewer left each video, and at what speed, kept in their own browser only: nothing
 * is sent to the site, and an entry not touched for 30 days is forgotten (PeerTube's resume
 * keeps 31: Chocobozzz/PeerTube#3885). Plain functions over a `Storage`, so they are tested
 * without a browser and a full or refused storage never stops the player.
 */

/** What is kept of one video. */
export interface Watched {
  /** Seconds into the video. */
  position: number;
  /** Its playback rate, 1 for normal speed. */
  rate: number;
  /** When it was last written, in ms since the epoch. */
  savedAt: number;
}

const PREFIX = "meh:watched:";
export const FORGET_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** Too little watched to be worth offering back. */
export const RESUME_FROM_SECONDS = 5;
/** So near the end that the video counts as watched: nothing to resume. */
const FINISHED_WITHIN_SECONDS = 10;

const keyOf = (videoId: string) => PREFIX + videoId;

function parse(value: string | null): Watched | null {
  if (value === null) return null;
  try {
    const read: unknown = JSON.parse(value);
    if (typeof read !== "object" || read === null) return null;
    const { position, rate, savedAt } = read as Record<string, unknown>;
    if (typeof position !== "number" || typeof rate !== "number" || typeof savedAt !== "number") return null;
    if (!Number.isFinite(position) || position < 0 || !(rate >= 0.25 && rate <= 4)) return null;
    return { position, rate, savedAt };
  } catch {
    return null;
  }
}

/** Storage calls throw when storage is off or full; the player goes on without memory then. */
function attempt<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

/** What is kept of `videoId`, or null: never watched, forgotten, or unreadable. */
export function recall(storage: Storage, videoId: string, now: number): Watched | null {
  const watched = attempt(() => parse(storage.getItem(keyOf(videoId))), null);
  return watched && now - watched.savedAt < FORGET_AFTER_MS ? watched : null;
}

/**
 * Keep where the viewer is in a video `duration` seconds long. A position at the start or in
 * the last seconds keeps only the speed, so a finished video starts over next time.
 */
export function remember(
  storage: Storage,
  videoId: string,
  { position, rate, duration }: { position: number; rate: number; duration: number },
  now: number,
): void {
  const finished = duration > 0 && position >= duration - Math.min(FINISHED_WITHIN_SECONDS, duration / 10);
  const kept = position < RESUME_FROM_SECONDS || finished ? 0 : Math.floor(position);
  if (kept === 0 && rate === 1) {
    attempt(() => {
      storage.removeItem(keyOf(videoId));
    }, undefined);
    return;
  }
  const watched: Watched = { position: kept, rate, savedAt: now };
  attempt(() => {
    storage.setItem(keyOf(videoId), JSON.stringify(watched));
  }, undefined);
}

/** Forget every video's entry older than 30 days, and any this code cannot read. */
export function forgetOld(storage: Storage, now: number): void {
  attempt(() => {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) ?? false,
    );
    for (const key of keys) {
      const watched = parse(storage.getItem(key));
      if (!watched || now - watched.savedAt >= FORGET_AFTER_MS) storage.removeItem(key);
    }
  }, undefined);
}

/** The position to offer "Resume from" at, or null when there is nothing worth resuming. */
export const resumePoint = (watched: Watched | null): number | null =>
  watched && watched.position >= RESUME_FROM_SECONDS ? watched.position : null;
