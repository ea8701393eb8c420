/**
 * Work under way that reads the database (the site's renders), counted so a stop can let
 * the last of it end before the database closes, rather than fail it as it goes.
 */
export class InFlight {
  #count = 0;
  #idle: (() => void)[] = [];

  /** Count `work` until it settles; its result or failure goes on unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#count += 1;
    return work.finally(() => {
      this.#count -= 1;
      if (this.#count === 0) for (const done of this.#idle.splice(0)) done();
    });
  }

  /** Settles once nothing is under way: at once when nothing is. */
  idle(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}
