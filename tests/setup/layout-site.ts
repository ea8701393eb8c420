import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { layoutVersions, pageLayouts } from "../../db/schema/index.ts";
import { DomainError } from "../../src/lib/errors.ts";
import { useDatabase } from "../../src/lib/site-database.server.ts";
import { MANUAL_SAVE } from "../../src/modules/page-layouts/api-schema.ts";
import { newElement } from "../../src/modules/page-layouts/defaults.ts";
import { createLayout, saveLayout } from "../../src/modules/page-layouts/layouts.server.ts";
import type { LayoutElement } from "../../src/modules/page-layouts/schema.ts";
import { insertUser } from "../factories.ts";
import { createTestDb } from "./test-db.ts";

/** The admin whose layouts the tests write, and another; ids set once the site opens. */
export const owner = { id: 0, username: "owner", role: "admin" };
export const colleague = { id: 0, username: "colleague", role: "admin" };

/** A text element saying `content`. */
export const text = (id: string, content = "Meh"): LayoutElement => ({ ...newElement("text", id), content });

/** The code of the DomainError `promise` fails with, or undefined if it succeeds. */
export const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};

/**
 * The test file's layout site: a fresh database with the two admins, opened before its tests
 * and closed after; every test starts with no layout. With the writes the tests make, as the
 * owner, on the home page.
 */
export function layoutSite() {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createTestDb();
    useDatabase(handle);
    await insertUser(handle.db, owner);
    await insertUser(handle.db, colleague);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(pageLayouts);
  });

  const create = (elements: LayoutElement[] = [text("element-1")]) =>
    createLayout(handle.db, { pageName: "home", pageType: "page", elements }, owner.id);
  const save = (layout: { id: number }, baseVersion: number, elements: LayoutElement[], description = MANUAL_SAVE) =>
    saveLayout(handle.db, layout.id, { elements, changeDescription: description, baseVersion }, owner.id);
  const versionCount = async (): Promise<number> =>
    (await handle.db.select({ n: count() }).from(layoutVersions))[0]?.n ?? 0;

  return {
    get handle() {
      return handle;
    },
    create,
    save,
    versionCount,
  };
}
