import type { ServerResponse } from "node:http";

export interface RenderQueueOptions {
  /** Requests the pipeline works on at once. */
  concurrency: number;
  /** Requests that may wait for a turn; beyond this they are refused. */
  maxWaiting: number;
}

/**
 * Turns for the rendering pipeline (Astro, the database). Stored pages never take one: a
 * flood of requests that must be rendered waits here, a few at a time, instead of filling
 * the event loop, so hits keep answering at once. A turn ends when its response closes,
 * finished or abandoned.
 */
export class RenderQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #waiting: { res: ServerResponse; run: () => void; gone: boolean }[] = [];
  #active = 0;

  constructor({ concurrency, maxWaiting }: RenderQueueOptions) {
    this.#concurrency = concurrency;
    this.#maxWaiting = maxWaiting;
  }

  /** Run `run` now or when a turn frees up; false, without running it, when the queue is full. */
  admit(res: ServerResponse, run: () => void): boolean {
    if (this.#active < this.#concurrency) {
      this.#start(res, run);
      return true;
    }
    if (this.#waiting.length >= this.#maxWaiting) return false;
    const turn = { res, run, gone: false };
    res.once("close", () => (turn.gone = true));
    this.#waiting.push(turn);
    return true;
  }

  #start(res: ServerResponse, run: () => void): void {
    this.#active += 1;
    res.once("close", () => {
      this.#active -= 1;
      this.#next();
    });
    run();
  }

  #next(): void {
    while (this.#active < this.#concurrency) {
      const turn = this.#waiting.shift();
      if (!turn) return;
      // A client that gave up while waiting costs no render.
      if (!turn.gone) this.#start(turn.res, turn.run);
    }
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
