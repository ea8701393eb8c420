/** Something a source's HTML held that the essay cannot, named as its owner would: one and several. */
export interface DroppedKind {
  one: string;
  many: string;
}

/**
 * A kind of thing left out, in the owner's words.
 * @example droppedKind("a subscribe button", "subscribe buttons")
 */
export const droppedKind = (one: string, many: string): DroppedKind => ({ one, many });

/**
 * The tally of what one conversion left out: each kind once, with a count when it came more
 * than once, in the order each was first met.
 * @example tally.add(form); tally.add(form); tally.list() // ["2 forms"]
 */
export class DroppedTally {
  readonly #counts = new Map<string, { kind: DroppedKind; count: number }>();

  /** `count` more of `kind` (one unless said). */
  add(kind: DroppedKind, count = 1): void {
    if (count <= 0) return;
    const seen = this.#counts.get(kind.one);
    if (seen) seen.count += count;
    else this.#counts.set(kind.one, { kind, count });
  }

  list(): string[] {
    return [...this.#counts.values()].map(({ kind, count }) =>
      count === 1 ? kind.one : `${String(count)} ${kind.many}`,
    );
  }
}
