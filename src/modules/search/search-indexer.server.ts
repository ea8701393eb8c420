import type { ChangeListener } from "@/modules/publishing/publisher.server";
import { tag } from "@/modules/publishing/content-tags";
import { buildPagefindBundle } from "./pagefind-build.server";
import type { PagefindFiles } from "./pagefind-files.server";
import type { SearchRecord } from "./search-records";

export interface SearchIndexerOptions {
  files: Pick<PagefindFiles, "open" | "install" | "bytes">;
  /** Every page's record, read fresh from the database for each build. */
  records: () => Promise<SearchRecord[]>;
  /** Quiet time after a change before the index is rebuilt, so a burst of writes costs one build. */
  debounceMs?: number;
  /** The longest a change waits while writes keep coming. */
  maxWaitMs?: number;
  /** Told after each build is installed (the front server then serves it). */
  installed?: () => void;
}

/** What the last build took, for the bench. */
export interface IndexBuild {
  records: number;
  ms: number;
  bytes: number;
}

/**
 * Keeps the Pagefind index in step with the content: built at start, rebuilt in the
 * background a moment after posts or videos change (here or on another instance), one
 * build at a time. A write never waits for it; a build that fails leaves the previous
 * index served, and says so in the log.
 */
export class SearchIndexer {
  readonly #files: SearchIndexerOptions["files"];
  readonly #records: () => Promise<SearchRecord[]>;
  readonly #debounceMs: number;
  readonly #maxWaitMs: number;
  readonly #installed: () => void;
  #timer: NodeJS.Timeout | undefined;
  #firstChangeAt: number | undefined;
  #running: Promise<void> | undefined;
  /** Builds asked for so far: one asked for while another runs means another after it. */
  #asked = 0;
  #waiters: (() => void)[] = [];
  #last: IndexBuild | undefined;

  constructor({
    files,
    records,
    debounceMs = 1000,
    maxWaitMs = 10_000,
    installed = () => undefined,
  }: SearchIndexerOptions) {
    this.#files = files;
    this.#installed = installed;
    this.#records = records;
    this.#debounceMs = debounceMs;
    this.#maxWaitMs = maxWaitMs;
  }

  /** The last successful build's figures. */
  get lastBuild(): IndexBuild | undefined {
    return this.#last;
  }

  /** Serve the index a previous run left, and bring it up to date: at once when there is none. */
  async start(): Promise<void> {
    if (await this.#files.open()) this.schedule();
    else this.#fire();
  }

  /** Rebuilds on the changes that touch what the index holds. */
  readonly listener: ChangeListener = ({ tags }) => {
    if (tags.some((t) => t === tag.posts || t === tag.videos)) this.schedule();
  };

  /** Rebuild once things have been quiet for the debounce, or the longest wait has passed. */
  schedule(): void {
    const now = Date.now();
    this.#firstChangeAt ??= now;
    clearTimeout(this.#timer);
    const wait = Math.max(0, Math.min(this.#debounceMs, this.#firstChangeAt + this.#maxWaitMs - now));
    this.#timer = setTimeout(() => {
      this.#fire();
    }, wait);
  }

  /** Resolves once no build is waiting or running: the index then holds every change so far. */
  idle(): Promise<void> {
    if (!this.#timer && !this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Drop a waiting build and let a running one finish. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    this.#settle();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#firstChangeAt = undefined;
    this.#asked += 1;
    // A change that arrives mid-build may postdate what the build read: the loop goes again.
    if (this.#running) return;
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
      if (!this.#timer) this.#settle();
    });
  }

  async #loop(): Promise<void> {
    let built: number;
    do {
      built = this.#asked;
      await this.#build();
    } while (this.#asked !== built);
  }

  async #build(): Promise<void> {
    const started = performance.now();
    try {
      const records = await this.#records();
      await this.#files.install(await buildPagefindBundle(records));
      this.#installed();
      this.#last = { records: records.length, ms: performance.now() - started, bytes: this.#files.bytes };
    } catch (error) {
      console.error("The search index could not be rebuilt; the previous one is still served:", error);
    }
  }

  #settle(): void {
    for (const resolve of this.#waiters.splice(0)) resolve();
  }
}
