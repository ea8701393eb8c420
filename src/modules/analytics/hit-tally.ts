import type { HitKind, ReportedHit } from "./hit";

/**
 * Hits as they cross from the front thread to the worker: each distinct hit once, as text,
 * with how often it came. Copying a batch of ten thousand objects between threads blocks the
 * front thread for tens of milliseconds; the same batch as strings takes one or two.
 */
export interface TalliedHits {
  keys: string[];
  times: number[];
  /** Beacons turned away since the last batch: over their network's limit, or dropped here. */
  turnedAway: number;
}

type HitFields = [
  kind: HitKind,
  path: string,
  referrer: string | null,
  tag: string | null,
  address: string,
  userAgent: string,
  session: string | null,
];

/**
 * Hits waiting to be counted. The same hit sent again (a reader reloading, a flood from one
 * client) adds to its count instead of to the batch, and at most `maxDistinct` different hits
 * wait at once: past that, new ones are dropped, so counting never costs the pages their memory.
 * How many were dropped, or turned away before reaching it, crosses with the batch: a day
 * with any looks flooded in the report.
 */
export class HitTally {
  private readonly counts = new Map<string, number>();
  private readonly maxDistinct: number;
  private turnedAway = 0;

  constructor(maxDistinct: number) {
    this.maxDistinct = maxDistinct;
  }

  add(hit: ReportedHit): void {
    const fields: HitFields = [
      hit.kind,
      hit.path,
      hit.referrer,
      hit.tag,
      hit.address,
      hit.userAgent,
      hit.session ?? null,
    ];
    const key = JSON.stringify(fields);
    const times = this.counts.get(key);
    if (times !== undefined) this.counts.set(key, times + 1);
    else if (this.counts.size < this.maxDistinct) this.counts.set(key, 1);
    else this.turnedAway += 1;
  }

  /** Notes a beacon refused before it reached the tally (its network's limit). */
  turnAway(): void {
    this.turnedAway += 1;
  }

  /** Whether there is nothing to send: no hit waiting and none turned away. */
  get empty(): boolean {
    return this.counts.size === 0 && this.turnedAway === 0;
  }

  /** The waiting hits and the count of those turned away, leaving none. */
  take(): TalliedHits {
    const taken = { keys: [...this.counts.keys()], times: [...this.counts.values()], turnedAway: this.turnedAway };
    this.counts.clear();
    this.turnedAway = 0;
    return taken;
  }
}

/** A crossed batch as hits again, each with the number of times it came. */
export function untally({ keys, times }: TalliedHits): ReportedHit[] {
  return keys.map((key, index) => {
    const [kind, path, referrer, tag, address, userAgent, session] = JSON.parse(key) as HitFields;
    return { kind, path, referrer, tag, address, userAgent, times: times[index] ?? 1, ...(session ? { session } : {}) };
  });
}
