import { open } from "node:fs/promises";
import path from "node:path";
import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import journal from "../../../db/migrations/meta/_journal.json";
import { archivedColumns, tableName, type TablePart } from "./archive-tables.server";

/** What one snapshot read: each part's rows as JSON Lines in `dir`, and how many. */
export interface Snapshot {
  /** The spool file of each part read, by part. */
  files: Map<string, string>;
  /** Rows read per table. */
  counts: Record<string, number>;
  migrations: number;
  lastMigration: string | null;
  /** When the snapshot was taken, by the database's clock. */
  takenAt: Date;
  /** How long the read held its transaction open (on the embedded database, every other query waited this long). */
  readMs: number;
}

const DEFAULT_BATCH = 500;

/** `(a, b, c)`: a row of columns or values, to compare a batch's start with. */
const rowOf = (items: SQL[]): SQL => sql`(${sql.join(items, sql`, `)})`;

/**
 * One batch of a part's rows after `after` (the last row's order values), each as its JSON
 * text as PostgreSQL writes it: timestamps to the microsecond, documents as stored.
 */
function readBatch(tx: Db, part: TablePart, after: unknown[] | undefined) {
  // Column names are the schema's own (lowercase words), never anything a visitor sent.
  const pairs = archivedColumns(part).flatMap((column) => [sql.raw(`'${column.name}'`), sql`${column}`]);
  const line = sql<string>`json_build_object(${sql.join(pairs, sql`, `)})::text`;
  const next = after
    ? sql`${rowOf(part.order.map((c) => sql`${c}`))} > ${rowOf(after.map((v) => sql`${v}`))}`
    : undefined;
  return tx
    .select({ line })
    .from(part.table)
    .where(and(part.where, next))
    .orderBy(...part.order)
    .limit(part.batch ?? DEFAULT_BATCH);
}

/** Write a part's rows to `file`, a batch at a time; returns how many. */
async function spoolPart(tx: Db, part: TablePart, file: string): Promise<number> {
  const out = await open(file, "w");
  let rows = 0;
  try {
    let after: unknown[] | undefined;
    for (;;) {
      const batch = await readBatch(tx, part, after);
      if (batch.length === 0) break;
      await out.write(batch.map((row) => row.line).join("\n") + "\n");
      rows += batch.length;
      const last = JSON.parse(batch.at(-1)?.line ?? "{}") as Record<string, unknown>;
      after = part.order.map((column) => last[column.name]);
      if (batch.length < (part.batch ?? DEFAULT_BATCH)) break;
    }
  } finally {
    await out.close();
  }
  return rows;
}

/** How many migrations made the schema and the last one's name; and the snapshot's moment, by the database's clock. */
async function schemaAndMoment(tx: Db) {
  const [row] = await tx
    .select({ migrations: sql<number>`count(*)::int`, at: sql<string>`to_json(now()) #>> '{}'` })
    .from(sql`drizzle.__drizzle_migrations`);
  const migrations = row?.migrations ?? 0;
  return {
    migrations,
    lastMigration: journal.entries[migrations - 1]?.tag ?? null,
    takenAt: new Date(row?.at ?? Date.now()),
  };
}

/**
 * Read every part in one snapshot: one REPEATABLE READ, READ ONLY transaction, so each row
 * is as it stood at one moment, whatever is written meanwhile. Rows go to files in `dir`
 * as they are read, a batch at a time, so memory holds one batch however large the site,
 * and the transaction ends as soon as the rows are read rather than when the archive has
 * been downloaded. On PostgreSQL writers carry on meanwhile; the embedded database has one
 * connection, so its other queries wait for this read (measured in `readMs`).
 */
export async function readSnapshot(db: Db, parts: readonly TablePart[], dir: string): Promise<Snapshot> {
  const started = performance.now();
  return db.transaction(
    async (tx) => {
      // Timestamps written in UTC, whatever the server's zone.
      await tx.execute(sql`set local timezone = 'UTC'`);
      const files = new Map<string, string>();
      const counts: Record<string, number> = {};
      for (const part of parts) {
        const file = path.join(dir, `${part.part}.jsonl`);
        const read = await spoolPart(tx, part, file);
        files.set(part.part, file);
        counts[tableName(part)] = (counts[tableName(part)] ?? 0) + read;
      }
      return { files, counts, ...(await schemaAndMoment(tx)), readMs: performance.now() - started };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
