import { and, eq, inArray, sql } from "drizzle-orm";
import { analyticsSketches } from "../../../db/schema/index.ts";
import type { Db } from "@/lib/db.server";
import { VisitorSketch } from "./visitor-sketch";

const EMPTY_PART = new VisitorSketch().part(0);

/**
 * Merges a batch's visitors into the day's stored sketches, one per path, and says by how
 * many each path's estimate of distinct visitors grew. Run inside the batch's transaction:
 * every part of a path is locked from its read to its write, so two instances merging into
 * the same page wait for each other instead of one writing over the other's visitors (and
 * each growth is measured against the sketch as the other left it). Rows are made and
 * locked in the order of their keys, so two batches never wait on each other in a circle.
 * Only the parts the batch changed are written again.
 */
export async function addToSketches(
  tx: Db,
  day: string,
  batch: ReadonlyMap<string, VisitorSketch>,
): Promise<Map<string, number>> {
  const grown = new Map<string, number>();
  if (batch.size === 0) return grown;
  const paths = [...batch.keys()].sort();
  await tx
    .insert(analyticsSketches)
    .values(
      paths.flatMap((path) =>
        (batch.get(path)?.partsSet() ?? []).map((part) => ({ day, path, part, registers: EMPTY_PART })),
      ),
    )
    .onConflictDoNothing();
  const stored = await tx
    .select()
    .from(analyticsSketches)
    .where(and(eq(analyticsSketches.day, day), inArray(analyticsSketches.path, paths)))
    .orderBy(analyticsSketches.path, analyticsSketches.part)
    .for("update");
  const changed: (typeof analyticsSketches.$inferInsert)[] = [];
  for (const path of paths) {
    const added = batch.get(path);
    const sketch = VisitorSketch.fromParts(stored.filter((row) => row.path === path).map((row) => row.registers));
    const before = sketch.estimate();
    const parts = added ? sketch.merge(added) : new Set<number>();
    if (parts.size === 0) continue;
    grown.set(path, Math.max(0, sketch.estimate() - before));
    for (const part of [...parts].sort((a, b) => a - b))
      changed.push({ day, path, part, registers: sketch.part(part) });
  }
  if (changed.length > 0) {
    await tx
      .insert(analyticsSketches)
      .values(changed)
      .onConflictDoUpdate({
        target: [analyticsSketches.day, analyticsSketches.path, analyticsSketches.part],
        set: { registers: sql`excluded.registers` },
      });
  }
  return grown;
}
