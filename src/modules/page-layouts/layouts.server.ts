import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, notFound } from "@/lib/errors";
import { currentVersion } from "@/lib/versioned-document";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { AUTO_SAVE, type LayoutPage } from "./api-schema";
import { layoutKind } from "./layout-kind";
import { asElements } from "./layout-reads.server";
import type { LayoutElement } from "./schema";

const { pageLayouts, layoutVersions } = tables;

/** A layout with what the editors need to save on top of it and to show what is live. */
export interface LayoutRow {
  id: number;
  pageName: string;
  pageType: string;
  elements: LayoutElement[];
  isActive: boolean;
  changeDescription: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  versionId: number;
  publishedVersionId: number | null;
  publishedVersionNumber: number | null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Db | Tx;

/** The version every layout is written at. */
const SCHEMA_VERSION = currentVersion(layoutKind);

const publishedVersion = alias(layoutVersions, "published_version");

async function readLayout(db: Reader, where: SQL): Promise<LayoutRow | null> {
  const newest = db
    .select({
      layoutId: layoutVersions.layoutId,
      version: sql<number>`max(${layoutVersions.versionNumber})`.as("version"),
    })
    .from(layoutVersions)
    .groupBy(layoutVersions.layoutId)
    .as("newest");
  const [row] = await db
    .select({
      id: pageLayouts.id,
      pageName: pageLayouts.pageName,
      pageType: pageLayouts.pageType,
      elements: pageLayouts.elements,
      schemaVersion: pageLayouts.schemaVersion,
      isActive: pageLayouts.isActive,
      changeDescription: pageLayouts.changeDescription,
      createdAt: pageLayouts.createdAt,
      updatedAt: pageLayouts.updatedAt,
      publishedVersionId: pageLayouts.publishedVersionId,
      publishedVersionNumber: publishedVersion.versionNumber,
      version: newest.version,
      versionId: layoutVersions.id,
    })
    .from(pageLayouts)
    .innerJoin(newest, eq(newest.layoutId, pageLayouts.id))
    .innerJoin(
      layoutVersions,
      and(eq(layoutVersions.layoutId, pageLayouts.id), eq(layoutVersions.versionNumber, newest.version)),
    )
    .leftJoin(publishedVersion, eq(publishedVersion.id, pageLayouts.publishedVersionId))
    .where(where);
  if (!row) return null;
  const { schemaVersion, ...layout } = row;
  return { ...layout, elements: asElements(row.elements, schemaVersion) };
}

/** The page's layout, or null when it has none. */
export const findLayout = (db: Db, pageName: LayoutPage): Promise<LayoutRow | null> =>
  readLayout(db, eq(pageLayouts.pageName, pageName));

async function layoutById(db: Reader, id: number): Promise<LayoutRow> {
  const row = await readLayout(db, eq(pageLayouts.id, id));
  if (!row) throw notFound("Layout");
  return row;
}

// Saves, restores and publishes of one layout take its row lock first, so they happen one
// after another and version numbers never collide.
async function lockLayout(tx: Tx, id: number): Promise<{ pageName: string; publishedVersionId: number | null }> {
  const [row] = await tx
    .select({ pageName: pageLayouts.pageName, publishedVersionId: pageLayouts.publishedVersionId })
    .from(pageLayouts)
    .where(eq(pageLayouts.id, id))
    .for("update");
  if (!row) throw notFound("Layout");
  return row;
}

async function newestVersion(tx: Tx, layoutId: number) {
  const [row] = await tx
    .select({
      id: layoutVersions.id,
      versionNumber: layoutVersions.versionNumber,
      changeDescription: layoutVersions.changeDescription,
      createdBy: layoutVersions.createdBy,
    })
    .from(layoutVersions)
    .where(eq(layoutVersions.layoutId, layoutId))
    .orderBy(desc(layoutVersions.versionNumber))
    .limit(1);
  return row;
}

interface NewVersion {
  elements: LayoutElement[];
  changeDescription: string;
  createdBy: number;
}

/** Append a version and make its elements the layout's own, under the lock the caller holds. */
async function appendVersion(tx: Tx, layoutId: number, number: number, version: NewVersion): Promise<void> {
  await tx
    .insert(layoutVersions)
    .values({ layoutId, versionNumber: number, schemaVersion: SCHEMA_VERSION, ...version });
  await tx
    .update(pageLayouts)
    .set({
      elements: version.elements,
      schemaVersion: SCHEMA_VERSION,
      changeDescription: version.changeDescription,
      updatedAt: new Date(),
    })
    .where(eq(pageLayouts.id, layoutId));
}

/** A page's first layout, stored as version 1. A page has one layout: a second is a 409. */
export async function createLayout(
  db: Db,
  input: { pageName: LayoutPage; pageType: string; elements: LayoutElement[]; changeDescription?: string },
  userId: number,
): Promise<LayoutRow> {
  return db.transaction(async (tx) => {
    const [layout] = await tx
      .insert(pageLayouts)
      .values({
        pageName: input.pageName,
        pageType: input.pageType,
        elements: input.elements,
        schemaVersion: SCHEMA_VERSION,
        createdBy: userId,
      })
      .onConflictDoNothing({ target: pageLayouts.pageName })
      .returning({ id: pageLayouts.id });
    if (!layout) throw conflict(`The ${input.pageName} page already has a layout; save to it instead`);
    await appendVersion(tx, layout.id, 1, {
      elements: input.elements,
      changeDescription: input.changeDescription || "Created",
      createdBy: userId,
    });
    return layoutById(tx, layout.id);
  });
}

/**
 * Store the elements as the layout's next version, if the editor's elements were based on
 * the newest one; otherwise someone saved in between, and overwriting their work silently
 * is refused (409). Without a `baseVersion` the caller asked for no such check, and the
 * save goes on top of whatever is newest. An auto-save that follows the same person's unpublished auto-save
 * replaces it, so a long session leaves one line per pause, not one per five seconds.
 */
export async function saveLayout(
  db: Db,
  id: number,
  input: { elements: LayoutElement[]; changeDescription: string; baseVersion?: number },
  userId: number,
): Promise<LayoutRow> {
  return db.transaction(async (tx) => {
    const layout = await lockLayout(tx, id);
    const newest = await newestVersion(tx, id);
    const current = newest?.versionNumber ?? 0;
    if (input.baseVersion !== undefined && input.baseVersion !== current) {
      throw conflict(`This layout was saved by someone else since (version ${current}); reload to see their changes`);
    }
    const replaces =
      newest !== undefined &&
      input.changeDescription === AUTO_SAVE &&
      newest.changeDescription === AUTO_SAVE &&
      newest.createdBy === userId &&
      newest.id !== layout.publishedVersionId;
    if (replaces) await tx.delete(layoutVersions).where(eq(layoutVersions.id, newest.id));
    await appendVersion(tx, id, current + 1, { ...input, createdBy: userId });
    return layoutById(tx, id);
  });
}

async function versionOf(tx: Tx, layoutId: number, versionId: number) {
  const [version] = await tx
    .select({
      versionNumber: layoutVersions.versionNumber,
      elements: layoutVersions.elements,
      schemaVersion: layoutVersions.schemaVersion,
    })
    .from(layoutVersions)
    .where(and(eq(layoutVersions.id, versionId), eq(layoutVersions.layoutId, layoutId)));
  if (!version) throw notFound("Layout version");
  return version;
}

/** Bring an earlier version back as the newest one: history is only ever added to. */
export async function restoreVersion(db: Db, id: number, versionId: number, userId: number): Promise<LayoutRow> {
  return db.transaction(async (tx) => {
    await lockLayout(tx, id);
    const source = await versionOf(tx, id, versionId);
    const newest = await newestVersion(tx, id);
    await appendVersion(tx, id, (newest?.versionNumber ?? 0) + 1, {
      elements: asElements(source.elements, source.schemaVersion),
      changeDescription: `Restored version ${source.versionNumber}`,
      createdBy: userId,
    });
    return layoutById(tx, id);
  });
}

/** Make one version (or, with null, none) what visitors see, and re-render the page at once everywhere. */
export async function setPublishedVersion(db: Db, id: number, versionId: number | null): Promise<LayoutRow> {
  const { row, pageName } = await db.transaction(async (tx) => {
    const layout = await lockLayout(tx, id);
    if (versionId !== null) await versionOf(tx, id, versionId);
    await tx.update(pageLayouts).set({ publishedVersionId: versionId }).where(eq(pageLayouts.id, id));
    return { row: await layoutById(tx, id), pageName: layout.pageName };
  });
  await sitePublisher().publish(changeOf.layout(pageName));
  return row;
}

/**
 * Throw a page's design away, with its history: the page goes back to the site's own
 * arrangement, and its next save starts a new layout. Visitors stop seeing a published
 * design at once.
 */
export async function deleteLayout(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(pageLayouts)
    .where(eq(pageLayouts.id, id))
    .returning({ pageName: pageLayouts.pageName, publishedVersionId: pageLayouts.publishedVersionId });
  if (!row) throw notFound("Layout");
  if (row.publishedVersionId !== null) await sitePublisher().publish(changeOf.layout(row.pageName));
}
