const NEWLINE = /\r\n|[\n\r\f]/g;

/**
 * The index of the last item whose key is at most `key` (the items sorted by key), or -1.
 * @example lastAtMost([0, 10, 20], 15, (start) => start) // 1
 */
export function lastAtMost<T>(items: readonly T[], key: number, keyOf: (item: T) => number): number {
  let low = -1;
  let high = items.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const item = items[middle];
    if (item !== undefined && keyOf(item) <= key) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Offsets in the text, to and from 1-based lines and columns, with lines ended as CSS ends them. */
export class Lines {
  private readonly starts = [0];

  constructor(css: string) {
    for (const match of css.matchAll(NEWLINE)) this.starts.push(match.index + match[0].length);
  }

  offsetOf(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }

  positionOf(offset: number): { line: number; column: number } {
    const index = lastAtMost(this.starts, offset, (start) => start);
    return { line: index + 1, column: offset - (this.starts[index] ?? 0) + 1 };
  }
}
