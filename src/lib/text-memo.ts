/**
 * The results of a pure function of a text, kept while the texts and results together stay
 * under a budget of characters; the least recently used go first. For work that costs far
 * more than reading its input again, such as parsing an essay's Markdown: the same bodies
 * are read by every page, feed and letter that shows them, and change seldom.
 */
export class TextMemo<T> {
  readonly #kept = new Map<string, { value: T; chars: number }>();
  readonly #maxChars: number;
  readonly #charsOf: (value: T) => number;
  #chars = 0;

  /**
   * @param maxChars the budget, in characters of keys and results
   * @param charsOf a result's size in characters
   */
  constructor(maxChars: number, charsOf: (value: T) => number) {
    this.#maxChars = maxChars;
    this.#charsOf = charsOf;
  }

  /** The result kept for `key`, or `make()`'s, kept for the next ask when within the budget. */
  get(key: string, make: () => T): T {
    const kept = this.#kept.get(key);
    if (kept) {
      // Asked again: now the most recently used, last in the map's order.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept.value;
    }
    const value = make();
    const chars = key.length + this.#charsOf(value);
    if (chars > this.#maxChars) return value;
    this.#kept.set(key, { value, chars });
    this.#chars += chars;
    for (const [oldest, entry] of this.#kept) {
      if (this.#chars <= this.#maxChars) break;
      this.#kept.delete(oldest);
      this.#chars -= entry.chars;
    }
    return value;
  }

  /** How many results are kept. */
  get size(): number {
    return this.#kept.size;
  }
}
