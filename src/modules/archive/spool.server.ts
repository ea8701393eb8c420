import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/** A row as the snapshot wrote it: column names as in the database, values as PostgreSQL's JSON. */
export type Row = Record<string, unknown>;

/** Each line of a snapshot's file (a row's JSON), in the order it was read, one in memory at a time. */
export async function* spooledLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line) yield line;
  } finally {
    // Left early (a stopped archive), the file is closed too.
    lines.close();
    input.destroy();
  }
}

/** Each row of a snapshot's file, in the order it was read. */
export async function* spooledRows(file: string): AsyncGenerator<Row> {
  for await (const line of spooledLines(file)) yield JSON.parse(line) as Row;
}

/**
 * The rows of a file ordered by `key`, taken a group at a time: the rows whose key is the
 * one asked for. Asked in the same order, a post's gallery or a layout's versions follow
 * their parent, which is read in that order too (a merge join), never more than one group
 * in memory.
 * @example const gallery = groupsBy(spooledRows(imagesFile), "post_id"); await gallery.take(post.id)
 */
export function groupsBy(rows: AsyncGenerator<Row>, key: string) {
  let pending: Row | undefined;
  let ended = false;
  return {
    async take(value: unknown): Promise<Row[]> {
      const group: Row[] = [];
      for (;;) {
        if (!pending && !ended) {
          const next = await rows.next();
          if (next.done) ended = true;
          else pending = next.value;
        }
        // Rows of keys before this one have no parent (none can: a foreign key holds them).
        if (!pending || Number(pending[key]) > Number(value)) return group;
        if (Number(pending[key]) === Number(value)) group.push(pending);
        pending = undefined;
      }
    },
    /** Let go of the file before its end. */
    close: () => rows.return(undefined),
  };
}
