import type { ContentNotice } from "./content-notice";
import type { Publisher } from "./publisher.server";

/** How long a version read ahead of the notices waits for its notice, which may be on its way. */
export const NOTICE_GRACE_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps this instance's pages in step with the database's changes. The database announces
 * each one (`ContentNotice`), numbered one past the last, so a gap in the numbers, or a
 * version read from the database that no notice reached, means notices were lost (the
 * listener's connection was down): every page rendered before the version is dropped then.
 */
export class ContentFollower {
  readonly #publisher: Publisher;
  readonly #origin: string;
  /** Every change up to this version has reached this instance's pages. */
  #heard: number;

  /** `origin` is the name this instance's own writes carry, `version` the database's as it began listening. */
  constructor(publisher: Publisher, origin: string, version: number) {
    this.#publisher = publisher;
    this.#origin = origin;
    this.#heard = version;
  }

  /** Apply a notice: another's change drops its pages; this instance's own were dropped as it wrote. */
  async heard(notice: ContentNotice): Promise<void> {
    const { version, change, origin } = notice;
    // Older than what the pages already show: caught up with before it arrived.
    if (version <= this.#heard) return;
    const missed = version > this.#heard + 1;
    this.#heard = version;
    const applied: Promise<void>[] = [];
    if (missed) applied.push(this.#publisher.catchUp(version - 1));
    if (origin !== this.#origin)
      applied.push(change ? this.#publisher.receive(change) : this.#publisher.catchUp(version));
    await Promise.all(applied);
  }

  /** The database's version as just read: if no notice brings it within the grace, catch up with it. */
  async checked(version: number): Promise<void> {
    if (version <= this.#heard) return;
    // Delivered at commit, a notice may still be on its way to the listener's connection.
    await pause(NOTICE_GRACE_MS);
    if (version <= this.#heard) return;
    this.#heard = version;
    await this.#publisher.catchUp(version);
  }
}
