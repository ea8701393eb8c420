import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { DomainError, notFound } from "@/lib/errors";
import type { Page } from "@/lib/paging";
import { upgrade } from "@/lib/versioned-document";
import type { LayoutPage } from "./api-schema";
import { layoutKind } from "./layout-kind";
import type { LayoutElement } from "./schema";

// What is read of a layout without changing it: its history, and the design visitors see.
// Writes, and the reads they work from, are in layouts.server.ts.

const { pageLayouts, layoutVersions } = tables;

/**
 * How many lines of history one page holds. Each line carries its elements, so the editors
 * can draw its thumbnail: a page is kept short, and auto-saves are pruned, so it still reaches back.
 */
export const VERSIONS_LISTED = 20;

export interface VersionRow {
  id: number;
  versionNumber: number;
  changeDescription: string | null;
  createdAt: Date;
  published: boolean;
  elements: LayoutElement[];
}

/** One page of a layout's history, and how many versions it has in all. */
export interface VersionsPage extends Page<VersionRow> {
  /** The `before` that continues with the older versions, or null when this page reaches version 1. */
  next: number | null;
}

/** What visitors see of a page: the published version's elements. */
export interface PublishedLayout {
  versionId: number;
  elements: unknown[];
}

/** Stored elements in today's shape, whatever version they were written at. */
export const asElements = (data: unknown, version: number): LayoutElement[] => upgrade(layoutKind, { version, data });

/**
 * The layout's history, newest first, a page at a time: `before` (a version number, the
 * previous page's `next`) continues with the versions older than it. A cursor, not an
 * offset, so a save made meanwhile neither repeats nor skips a line.
 */
export async function listVersions(db: Db, id: number, before?: number): Promise<VersionsPage> {
  const [layout] = await db
    .select({
      publishedVersionId: pageLayouts.publishedVersionId,
      total: db.$count(layoutVersions, eq(layoutVersions.layoutId, pageLayouts.id)),
    })
    .from(pageLayouts)
    .where(eq(pageLayouts.id, id));
  if (!layout) throw notFound("Layout");
  const rows = await db
    .select({
      id: layoutVersions.id,
      versionNumber: layoutVersions.versionNumber,
      changeDescription: layoutVersions.changeDescription,
      createdAt: layoutVersions.createdAt,
      elements: layoutVersions.elements,
      schemaVersion: layoutVersions.schemaVersion,
    })
    .from(layoutVersions)
    .where(
      and(eq(layoutVersions.layoutId, id), before === undefined ? undefined : lt(layoutVersions.versionNumber, before)),
    )
    .orderBy(desc(layoutVersions.versionNumber))
    // One more than a page, to know whether an older one follows.
    .limit(VERSIONS_LISTED + 1);
  const items = rows.slice(0, VERSIONS_LISTED).map(({ schemaVersion, ...row }) => ({
    ...row,
    elements: asElements(row.elements, schemaVersion),
    published: row.id === layout.publishedVersionId,
  }));
  const next = rows.length > VERSIONS_LISTED ? (items.at(-1)?.versionNumber ?? null) : null;
  return { items, total: layout.total, next };
}

/** The design visitors see on the page, or null when none is published. */
export async function publishedLayout(db: Db, pageName: LayoutPage): Promise<PublishedLayout | null> {
  const [row] = await db
    .select({
      versionId: layoutVersions.id,
      elements: layoutVersions.elements,
      schemaVersion: layoutVersions.schemaVersion,
    })
    .from(pageLayouts)
    .innerJoin(layoutVersions, eq(layoutVersions.id, pageLayouts.publishedVersionId))
    .where(and(eq(pageLayouts.pageName, pageName), eq(pageLayouts.isActive, true)));
  if (!row) return null;
  try {
    return { versionId: row.versionId, elements: asElements(row.elements, row.schemaVersion) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A design today's rules refuse (saved by a newer release, or before a rule it breaks,
    // such as an image address found to reach the API) is not shown to visitors: the page
    // shows its own content, and the owner finds the design refused in the editor.
    console.warn(`The published ${pageName} design is not shown: ${error.message}.`);
    return null;
  }
}
