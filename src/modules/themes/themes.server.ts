import { desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { invalid, notFound, tooLarge } from "@/lib/errors";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { changeOf } from "@/modules/publishing/content-tags";
import { describeProblem, THEME_CSS_MAX_BYTES } from "./css-problem";
import { checkCss } from "./site-css-check.server";
import { datedThemeName, REVISIONS_PAGE, THEME_NAME_MAX, type ThemeSave } from "./schema";

const { cssThemes, users } = tables;

// Serialises activations, so two saves at once cannot both deactivate the same row and
// then collide on the one-active index.
const ACTIVATE_LOCK = 7_062_001;

export const themeColumns = {
  id: cssThemes.id,
  name: cssThemes.name,
  description: cssThemes.description,
  cssContent: cssThemes.cssContent,
  createdAt: cssThemes.createdAt,
  updatedAt: cssThemes.updatedAt,
};
export type ThemeRow = Pick<typeof cssThemes.$inferSelect, keyof typeof themeColumns>;

/** A line of the history: what the owner needs to pick a revision, without its CSS. */
export interface RevisionSummary {
  id: number;
  name: string;
  description: string | null;
  author: string | null;
  isActive: boolean;
  createdAt: Date;
  sizeBytes: number;
}

/** The theme in force, or null on a database that has none yet. */
export async function activeTheme(db: Db): Promise<ThemeRow | null> {
  const [row] = await db.select(themeColumns).from(cssThemes).where(eq(cssThemes.isActive, true));
  return row ?? null;
}

/** The active revision's id: the version public pages put in the stylesheet's URL. */
export async function activeThemeId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: cssThemes.id }).from(cssThemes).where(eq(cssThemes.isActive, true));
  return row?.id ?? null;
}

/**
 * Refuse CSS the site will not serve: too large (413), or anything the validator finds,
 * named by its line and column (400). The message names the first problem; the editor
 * shows them all as it lints.
 */
export async function assertServableCss(css: string): Promise<void> {
  if (Buffer.byteLength(css) > THEME_CSS_MAX_BYTES) {
    throw tooLarge(`The theme is larger than ${THEME_CSS_MAX_BYTES / 1024} KB`);
  }
  const [first] = await checkCss(css);
  if (first) throw invalid(describeProblem(first), "cssContent");
}

interface NewRevision {
  name: string;
  description: string | null;
  cssContent: string;
  createdBy: number | null;
}

/** Add a revision and make it the active one, in one transaction, then tell every page. */
async function activate(db: Db, revision: NewRevision): Promise<ThemeRow> {
  await assertServableCss(revision.cssContent);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVATE_LOCK})`);
    await tx.update(cssThemes).set({ isActive: false }).where(eq(cssThemes.isActive, true));
    const [inserted] = await tx
      .insert(cssThemes)
      .values({ ...revision, isActive: true })
      .returning(themeColumns);
    if (!inserted) throw new Error("Insert returned no row");
    return inserted;
  });
  await sitePublisher().publish(changeOf.theme());
  return row;
}

/** Save the owner's CSS as a new revision and put it in force. */
export async function saveTheme(db: Db, input: ThemeSave, authorId: number, now = new Date()): Promise<ThemeRow> {
  return activate(db, {
    name: input.name ?? datedThemeName(now),
    description: input.description ?? null,
    cssContent: input.cssContent,
    createdBy: authorId,
  });
}

/** A revision with its CSS, active or not. */
export async function findRevision(db: Db, id: number): Promise<ThemeRow> {
  const [row] = await db.select(themeColumns).from(cssThemes).where(eq(cssThemes.id, id));
  if (!row) throw notFound("Theme revision");
  return row;
}

/** Bring an earlier revision back: a copy of it becomes the newest revision, nothing is rewritten. */
export async function restoreRevision(db: Db, id: number, authorId: number): Promise<ThemeRow> {
  const source = await findRevision(db, id);
  return activate(db, {
    name: `Restored: ${source.name}`.slice(0, THEME_NAME_MAX),
    description: `A copy of revision ${source.id}`,
    cssContent: source.cssContent,
    createdBy: authorId,
  });
}

/** Go back to the theme the site ships with, as a new revision (the history stays). */
export async function resetToDefault(db: Db, defaultCss: string, authorId: number): Promise<ThemeRow> {
  return activate(db, {
    name: "Default",
    description: "The theme the site ships with",
    cssContent: defaultCss,
    createdBy: authorId,
  });
}

/** Newest first, a page at a time; `before` continues after the last id of the previous page. */
export async function listRevisions(db: Db, before?: number): Promise<RevisionSummary[]> {
  return db
    .select({
      id: cssThemes.id,
      name: cssThemes.name,
      description: cssThemes.description,
      author: users.username,
      isActive: cssThemes.isActive,
      createdAt: cssThemes.createdAt,
      sizeBytes: sql<number>`octet_length(${cssThemes.cssContent})::int`,
    })
    .from(cssThemes)
    .leftJoin(users, eq(users.id, cssThemes.createdBy))
    .where(before === undefined ? undefined : lt(cssThemes.id, before))
    .orderBy(desc(cssThemes.id))
    .limit(REVISIONS_PAGE);
}

/**
 * Give a database without any theme the default as its first revision. Run at every start,
 * so a database made before themes were kept, or emptied by hand, still has one in force.
 */
export async function ensureTheme(db: Db, defaultCss: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVATE_LOCK})`);
    const [any] = await tx.select({ id: cssThemes.id }).from(cssThemes).limit(1);
    if (any) return;
    await tx.insert(cssThemes).values({
      name: "Default",
      description: "The theme the site ships with",
      cssContent: defaultCss,
      isActive: true,
    });
  });
}
