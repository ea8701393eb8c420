/** How long a network's count of beacons runs before it starts again. */
const MINUTE_MS = 60_000;

/**
 * Beacons each client network may send a minute, counted in memory on the front thread. At
 * most `maxNetworks` counts are kept: a network new to the limit past that takes the place of
 * the one whose minute began longest ago, so the memory is fixed however many networks send.
 * One forgotten early can send a minute's beacons again; the front's cap of distinct hits a
 * second (`HitTally`) still bounds what reaches the database.
 */
export class NetworkLimit {
  private readonly counts = new Map<string, { minute: number; beacons: number }>();
  private readonly perMinute: number;
  private readonly maxNetworks: number;
  private readonly clock: () => number;

  constructor(perMinute: number, maxNetworks: number, clock: () => number = Date.now) {
    this.perMinute = perMinute;
    this.maxNetworks = maxNetworks;
    this.clock = clock;
  }

  /** Counts a beacon from `network`, or says false when its minute's beacons are spent. */
  take(network: string): boolean {
    const minute = Math.floor(this.clock() / MINUTE_MS);
    const counted = this.counts.get(network);
    if (counted?.minute === minute) {
      if (counted.beacons >= this.perMinute) return false;
      counted.beacons += 1;
      return true;
    }
    // A network starting a minute goes to the end of the map's order, so the first is the stalest.
    this.counts.delete(network);
    if (this.counts.size >= this.maxNetworks) {
      const stalest = this.counts.keys().next();
      if (!stalest.done) this.counts.delete(stalest.value);
    }
    this.counts.set(network, { minute, beacons: 1 });
    return true;
  }

  /** How many networks' counts are kept. */
  get size(): number {
    return this.counts.size;
  }
}
