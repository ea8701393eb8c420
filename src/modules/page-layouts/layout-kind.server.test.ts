import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { layoutVersions, pageLayouts } from "../../../db/schema/index.ts";
import { insertUser } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { currentVersion } from "@/lib/versioned-document";
import { useDatabase } from "@/lib/site-database.server";
import { newElement } from "./defaults";
import { imagesGainWords, layoutKind } from "./layout-kind";
import { listVersions, publishedLayout } from "./layout-reads.server";
import { findLayout, restoreVersion, setPublishedVersion } from "./layouts.server";

let handle: DbHandle;
const owner = { id: 0, username: "owner", role: "admin" };

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await insertUser(handle.db, owner);
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(pageLayouts);
});

const elements = [{ ...newElement("text", "element-1"), content: "Written before versions" }];

/** A layout with one version, written in SQL at `version` as an older release would have. */
async function storeByHand(version: number, stored: unknown = elements): Promise<{ id: number; versionId: number }> {
  const json = JSON.stringify(stored);
  await handle.db.execute(
    sql`insert into page_layouts (page_name, elements, schema_version) values ('home', ${json}::jsonb, ${version})`,
  );
  await handle.db.execute(
    sql`insert into layout_versions (layout_id, version_number, elements, schema_version, change_description)
        select id, 1, ${json}::jsonb, ${version}, 'Created' from page_layouts where page_name = 'home'`,
  );
  const [row] = await handle.db
    .select({ id: pageLayouts.id, versionId: layoutVersions.id })
    .from(pageLayouts)
    .innerJoin(layoutVersions, eq(layoutVersions.layoutId, pageLayouts.id));
  if (!row) throw new Error("The layout was not stored");
  return row;
}

describe("a layout stored at an older version", () => {
  it("is read back current by every reader", async () => {
    const { id, versionId } = await storeByHand(1);
    expect((await findLayout(handle.db, "home"))?.elements).toEqual(elements);
    expect((await listVersions(handle.db, id)).items.map((v) => v.elements)).toEqual([elements]);
    await setPublishedVersion(handle.db, id, versionId);
    expect((await publishedLayout(handle.db, "home"))?.elements).toEqual(elements);
  });

  it("is written back at the current version when restored", async () => {
    const { id, versionId } = await storeByHand(1);
    const restored = await restoreVersion(handle.db, id, versionId, owner.id);
    expect(restored).toMatchObject({ version: 2, elements });
    const [newest] = await handle.db
      .select({ schemaVersion: layoutVersions.schemaVersion })
      .from(layoutVersions)
      .where(eq(layoutVersions.id, restored.versionId));
    const [layout] = await handle.db
      .select({ schemaVersion: pageLayouts.schemaVersion })
      .from(pageLayouts)
      .where(eq(pageLayouts.id, id));
    expect([newest?.schemaVersion, layout?.schemaVersion]).toEqual([
      currentVersion(layoutKind),
      currentVersion(layoutKind),
    ]);
  });

  it("counts as version 1 when written before the column, by its default", async () => {
    await handle.db.execute(
      sql`insert into page_layouts (page_name, elements) values ('home', ${JSON.stringify(elements)}::jsonb)`,
    );
    const [row] = await handle.db.select({ schemaVersion: pageLayouts.schemaVersion }).from(pageLayouts);
    expect(row?.schemaVersion).toBe(1);
  });
});

describe("version 1 to 2: images gain their words", () => {
  // As the designer saved an image before alt text existed: no words, and visitors got alt="".
  const oldImage = {
    ...newElement("image", "element-2"),
    content: "/uploads/images/kettle.jpg",
  };

  it("marks an image stored without words decorative, and leaves every other element as it was", async () => {
    const { id, versionId } = await storeByHand(1, [...elements, oldImage]);
    const upgraded = [...elements, { ...oldImage, decorative: true }];
    expect((await findLayout(handle.db, "home"))?.elements).toEqual(upgraded);
    expect((await listVersions(handle.db, id)).items.map((v) => v.elements)).toEqual([upgraded]);
    await setPublishedVersion(handle.db, id, versionId);
    expect((await publishedLayout(handle.db, "home"))?.elements).toEqual(upgraded);
  });

  it("is a pure step that passes over what is not an image or not a list", () => {
    expect(imagesGainWords([oldImage, elements[0], null])).toEqual([
      { ...oldImage, decorative: true },
      elements[0],
      null,
    ]);
    expect(imagesGainWords({ not: "a list" })).toEqual({ not: "a list" });
    expect(currentVersion(layoutKind)).toBe(2);
  });

  it("refuses an image without words stored at the current version, which no writer makes", async () => {
    await storeByHand(currentVersion(layoutKind), [oldImage]);
    await expect(findLayout(handle.db, "home")).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("a layout the site cannot read", () => {
  it("refuses one saved by a newer release with a conflict, not a 500", async () => {
    const { id } = await storeByHand(currentVersion(layoutKind) + 1);
    await expect(findLayout(handle.db, "home")).rejects.toMatchObject({ code: "conflict" });
    await expect(listVersions(handle.db, id)).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses one that does not fit the layout schema once upgraded", async () => {
    await storeByHand(1, [elements[0], elements[0]]);
    await expect(findLayout(handle.db, "home")).rejects.toMatchObject({
      code: "conflict",
      message: "This layout no longer fits what the site reads",
    });
  });

  it("is not shown to visitors once published: the page keeps its own content, and says why in the log", async () => {
    const { id, versionId } = await storeByHand(1);
    await setPublishedVersion(handle.db, id, versionId);
    // Broken by hand, as a design saved before a rule it now breaks would be.
    const broken = JSON.stringify([elements[0], elements[0]]);
    await handle.db.execute(sql`update layout_versions set elements = ${broken}::jsonb where id = ${versionId}`);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await publishedLayout(handle.db, "home")).toBeNull();
    expect(warned).toHaveBeenCalledWith(
      "The published home design is not shown: This layout no longer fits what the site reads.",
    );
    warned.mockRestore();
  });
});
