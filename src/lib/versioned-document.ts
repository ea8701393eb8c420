import type { z } from "zod";
import { conflict } from "./errors";

/** One step forward: a pure function from a version-n document to its version n+1. */
export type Migration = (data: unknown) => unknown;

/**
 * A kind of stored document: what it is called (for messages), the schema of its current
 * shape, and the ordered steps that bring an older one there. `migrations[0]` takes version
 * 1 to 2, `migrations[1]` 2 to 3, and so on: the current version is one more than there are
 * steps. A change of shape appends a step and never edits one already shipped, as
 * excalidraw's `SCHEMA_MIGRATIONS` does.
 */
export interface DocumentKind<S extends z.ZodType> {
  name: string;
  schema: S;
  migrations: readonly Migration[];
}

/** A document as stored: its data and the version it was written at (none: version 1, before versions). */
export interface StoredDocument {
  version: number | null | undefined;
  data: unknown;
}

/** The version writers store today. */
export const currentVersion = (kind: DocumentKind<z.ZodType>): number => kind.migrations.length + 1;

/**
 * A stored document in its kind's current shape: each migration from its version on, in
 * order, then the kind's schema. A document newer than this code knows (written by a later
 * release, read by an older one) is refused rather than guessed at, as is one that still
 * does not fit once upgraded; both are a `conflict`, never a 500.
 * @example upgrade(layoutKind, { version: row.schemaVersion, data: row.elements })
 */
export function upgrade<S extends z.ZodType>(kind: DocumentKind<S>, stored: StoredDocument): z.output<S> {
  const from = stored.version ?? 1;
  const current = currentVersion(kind);
  if (!Number.isInteger(from) || from < 1) throw conflict(`This ${kind.name} has no version this site knows`);
  if (from > current) {
    throw conflict(
      `This ${kind.name} was saved by a newer release (version ${String(from)}; this one knows ${String(current)}): update the site to read it`,
    );
  }
  const data = kind.migrations.slice(from - 1).reduce((value, step) => step(value), stored.data);
  const parsed = kind.schema.safeParse(data);
  if (!parsed.success) throw conflict(`This ${kind.name} no longer fits what the site reads`);
  return parsed.data;
}
