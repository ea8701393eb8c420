/**
 * At most `limit` of something at once, refusing rather than queueing the next: for calls
 * to an outside service whose caller has a quicker answer of its own when the service is
 * busy (the nickname generator's local floor), so a slow provider never holds a queue.
 * @example
 * const leave = gate.enter();
 * if (!leave) return answerLocally();
 * try { return await callTheService(); } finally { leave(); }
 */
export class ConcurrencyGate {
  readonly #limit: number;
  #inside = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** A way out if there is room now; undefined when `limit` are already inside. */
  enter(): (() => void) | undefined {
    if (this.#inside >= this.#limit) return undefined;
    this.#inside += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#inside -= 1;
    };
  }

  get inside(): number {
    return this.#inside;
  }
}
