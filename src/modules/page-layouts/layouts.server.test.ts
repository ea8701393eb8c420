import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { layoutVersions, pageLayouts } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { insertUser } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { DomainError } from "@/lib/errors";
import { useDatabase } from "@/lib/site-database.server";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { PublishedChange } from "@/modules/publishing/publisher.server";
import { AUTO_SAVE, MANUAL_SAVE } from "./api-schema";
import { newElement } from "./defaults";
import { listVersions, publishedLayout, VERSIONS_LISTED } from "./layout-reads.server";
import {
  createLayout,
  deleteLayout,
  findLayout,
  restoreVersion,
  saveLayout,
  setPublishedVersion,
  type LayoutRow,
} from "./layouts.server";
import type { LayoutElement } from "./schema";

let handle: DbHandle;
const owner = { id: 0, username: "owner", role: "admin" };
const colleague = { id: 0, username: "colleague", role: "admin" };
const published: PublishedChange[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await insertUser(handle.db, owner);
  await insertUser(handle.db, colleague);
  sitePublisher().subscribe((change) => {
    published.push(change);
  });
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(pageLayouts);
  published.length = 0;
});

const text = (id: string, content = "Meh"): LayoutElement => ({ ...newElement("text", id), content });
const create = (elements: LayoutElement[] = [text("element-1")]) =>
  createLayout(handle.db, { pageName: "home", pageType: "page", elements }, owner.id);
const save = (layout: { id: number }, baseVersion: number, elements: LayoutElement[], description = MANUAL_SAVE) =>
  saveLayout(handle.db, layout.id, { elements, changeDescription: description, baseVersion }, owner.id);

const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};
const versionCount = async (): Promise<number> =>
  (await handle.db.select({ n: count() }).from(layoutVersions))[0]?.n ?? 0;

describe("createLayout", () => {
  it("stores the page's layout as version 1, which findLayout returns", async () => {
    const layout = await create();
    expect(layout).toMatchObject({ pageName: "home", pageType: "page", version: 1, publishedVersionId: null });
    expect(await findLayout(handle.db, "home")).toEqual(layout);
    expect((await listVersions(handle.db, layout.id)).items).toEqual([
      expect.objectContaining({
        id: layout.versionId,
        versionNumber: 1,
        changeDescription: "Created",
        published: false,
      }),
    ]);
  });

  it("refuses a second layout for the same page with a conflict, writing nothing", async () => {
    await create();
    expect(await codeOf(create([text("element-9")]))).toBe("conflict");
    expect(await versionCount()).toBe(1);
  });

  it("finds nothing for a page without a layout", async () => {
    expect(await findLayout(handle.db, "home")).toBeNull();
  });
});

describe("saveLayout", () => {
  it("stores the next version and makes its elements the layout's", async () => {
    const layout = await create();
    const saved = await save(layout, 1, [text("element-1", "Less meh")]);
    expect(saved).toMatchObject({ version: 2, changeDescription: MANUAL_SAVE });
    expect(saved.elements[0]?.content).toBe("Less meh");
    expect((await listVersions(handle.db, layout.id)).items.map((v) => v.versionNumber)).toEqual([2, 1]);
  });

  it("refuses a save based on an older version (409) and keeps the newer work", async () => {
    const layout = await create();
    await save(layout, 1, [text("element-1", "Theirs")]);
    expect(await codeOf(save(layout, 1, [text("element-1", "Mine")]))).toBe("conflict");
    const now = await findLayout(handle.db, "home");
    expect(now?.elements[0]?.content).toBe("Theirs");
    expect(now?.version).toBe(2);
  });

  it("answers 404 for a layout that does not exist", async () => {
    expect(await codeOf(save({ id: 999_999 }, 1, []))).toBe("not_found");
  });

  it("lets exactly one of many saves on the same version through", async () => {
    const layout = await create();
    const codes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => codeOf(save(layout, 1, [text("element-1", `Editor ${i}`)]))),
    );
    expect(codes.filter((code) => code === undefined)).toHaveLength(1);
    expect(codes.filter((code) => code === "conflict")).toHaveLength(7);
    expect(await versionCount()).toBe(2);
  });

  it("numbers versions strictly upward when editors save at once, each reloading after a refusal", async () => {
    const layout = await create();
    const editor = async (name: string) => {
      for (let saves = 0; saves < 3;) {
        const base = (await findLayout(handle.db, "home"))?.version ?? 0;
        if ((await codeOf(save(layout, base, [text("element-1", `${name} ${saves}`)]))) === undefined) saves += 1;
      }
    };
    await Promise.all(["a", "b", "c", "d"].map(editor));
    const numbers = (await listVersions(handle.db, layout.id)).items.map((v) => v.versionNumber);
    expect(numbers).toEqual(Array.from({ length: 13 }, (_, i) => 13 - i));
  });

  it("keeps one line for consecutive auto-saves, and every manual save", async () => {
    const layout = await create();
    let version = 1;
    const step = async (description: string, content: string) => {
      version = (await save(layout, version, [text("element-1", content)], description)).version;
    };
    await step(AUTO_SAVE, "a");
    await step(AUTO_SAVE, "b");
    await step(AUTO_SAVE, "c");
    await step(MANUAL_SAVE, "d");
    await step(AUTO_SAVE, "e");
    await step(AUTO_SAVE, "f");
    const versions = (await listVersions(handle.db, layout.id)).items;
    expect(versions.map((v) => [v.versionNumber, v.changeDescription])).toEqual([
      [7, AUTO_SAVE],
      [5, MANUAL_SAVE],
      [4, AUTO_SAVE],
      [1, "Created"],
    ]);
    expect((await findLayout(handle.db, "home"))?.elements[0]?.content).toBe("f");
  });

  it("never replaces a published auto-save or another person's", async () => {
    const layout = await create();
    const first = await save(layout, 1, [text("element-1", "a")], AUTO_SAVE);
    await setPublishedVersion(handle.db, layout.id, first.versionId);
    const second = await save(layout, 2, [text("element-1", "b")], AUTO_SAVE);
    await saveLayout(
      handle.db,
      layout.id,
      { elements: [text("element-1", "c")], changeDescription: AUTO_SAVE, baseVersion: second.version },
      colleague.id,
    );
    expect((await listVersions(handle.db, layout.id)).items.map((v) => v.versionNumber)).toEqual([4, 3, 2, 1]);
  });
});

/** A layout with `total` versions, the ones after the first written straight to the table. */
async function layoutWithVersions(total: number): Promise<LayoutRow> {
  const layout = await create();
  await handle.db.insert(layoutVersions).values(
    Array.from({ length: total - 1 }, (_, i) => ({
      layoutId: layout.id,
      versionNumber: i + 2,
      elements: [text("element-1", `Save ${i + 2}`)],
      changeDescription: MANUAL_SAVE,
      createdBy: owner.id,
    })),
  );
  return layout;
}

const numbersOf = (versions: { versionNumber: number }[]) => versions.map((v) => v.versionNumber);
/** Version numbers from `high` down to `low`. */
const countdown = (high: number, low: number) => Array.from({ length: high - low + 1 }, (_, i) => high - i);

/** Two pages of history: a full one and 9 older. */
const TOTAL = VERSIONS_LISTED + 9;

describe("listVersions", () => {
  it("pages versions newest first: the newest page, then the 9 older, each version once with its elements", async () => {
    const layout = await layoutWithVersions(TOTAL);
    const first = await listVersions(handle.db, layout.id);
    expect(numbersOf(first.items)).toEqual(countdown(TOTAL, TOTAL - VERSIONS_LISTED + 1));
    expect([first.total, first.next]).toEqual([TOTAL, TOTAL - VERSIONS_LISTED + 1]);
    const second = await listVersions(handle.db, layout.id, first.next ?? 0);
    expect(numbersOf(second.items)).toEqual(countdown(TOTAL - VERSIONS_LISTED, 1));
    expect([second.total, second.next]).toEqual([TOTAL, null]);
    const ids = [...first.items, ...second.items].map((v) => v.id);
    expect(new Set(ids).size).toBe(TOTAL);
    // Each line carries what it holds, for the editors' thumbnails.
    expect(second.items.at(-1)?.elements).toEqual([text("element-1")]);
    expect(first.items[0]?.elements).toEqual([text("element-1", `Save ${TOTAL}`)]);
  });

  it("has no next page when the versions fill one exactly", async () => {
    const layout = await layoutWithVersions(VERSIONS_LISTED);
    const page = await listVersions(handle.db, layout.id);
    expect([page.items.length, page.total, page.next]).toEqual([VERSIONS_LISTED, VERSIONS_LISTED, null]);
  });

  it("answers 404 for a layout that does not exist", async () => {
    expect(await codeOf(listVersions(handle.db, 999_999))).toBe("not_found");
  });
});

describe("GET /api/layouts/{id}/versions", () => {
  const versions = endpoints.find((e) => e.method === "GET" && e.path === "/api/layouts/[ref]/versions");
  const ask = (layoutId: number, query: [string, string][] = []) => {
    if (!versions) throw new Error("GET /api/layouts/[ref]/versions is not declared");
    return callEndpoint(versions, { user: owner, params: { ref: String(layoutId) }, query });
  };
  /** The `before` of a response's `Link: <…?before=N>; rel="next"`, if it has one. */
  const nextBefore = (response: Response) => {
    const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1];
    return next === undefined ? undefined : new URL(next, "http://site.test").searchParams.get("before");
  };

  it("answers a list and links the older page, so every version is read once by following it", async () => {
    const layout = await layoutWithVersions(TOTAL);
    const first = await ask(layout.id);
    const firstPage = (await first.json()) as { id: number; versionNumber: number }[];
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe(String(TOTAL));
    expect(numbersOf(firstPage)).toEqual(countdown(TOTAL, TOTAL - VERSIONS_LISTED + 1));
    expect(first.headers.get("Link")).toBe(
      `</api/layouts/${layout.id}/versions?before=${TOTAL - VERSIONS_LISTED + 1}>; rel="next"`,
    );

    const second = await ask(layout.id, [["before", nextBefore(first) ?? ""]]);
    const secondPage = (await second.json()) as { id: number; versionNumber: number }[];
    expect(second.headers.get("X-Total-Count")).toBe(String(TOTAL));
    expect(numbersOf(secondPage)).toEqual(countdown(TOTAL - VERSIONS_LISTED, 1));
    expect(nextBefore(second)).toBeUndefined();
    expect(new Set([...firstPage, ...secondPage].map((v) => v.id)).size).toBe(TOTAL);
  });

  it.each(["0", "-1", "1.5", "abc", "2147483648"])("refuses before=%s with 400 naming before", async (before) => {
    const layout = await create();
    const response = await ask(layout.id, [["before", before]]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field?: string }).field).toBe("before");
  });

  it("takes the largest integer as before", async () => {
    const layout = await create();
    const response = await ask(layout.id, [["before", "2147483647"]]);
    expect([response.status, numbersOf((await response.json()) as { versionNumber: number }[])]).toEqual([200, [1]]);
  });
});

describe("restoreVersion", () => {
  it("adds the old elements as the newest version and leaves the history as it was", async () => {
    const layout = await create([text("element-1", "First")]);
    await save(layout, 1, [text("element-1", "Second")]);
    const restored = await restoreVersion(handle.db, layout.id, layout.versionId, owner.id);
    expect(restored).toMatchObject({ version: 3, changeDescription: "Restored version 1" });
    expect(restored.elements[0]?.content).toBe("First");
    expect((await listVersions(handle.db, layout.id)).items.map((v) => v.changeDescription)).toEqual([
      "Restored version 1",
      MANUAL_SAVE,
      "Created",
    ]);
  });

  it("answers 404 for a version of another layout or none", async () => {
    const layout = await create();
    expect(await codeOf(restoreVersion(handle.db, layout.id, 999_999, owner.id))).toBe("not_found");
    expect(await codeOf(restoreVersion(handle.db, 999_999, layout.versionId, owner.id))).toBe("not_found");
    expect(await versionCount()).toBe(1);
  });
});

describe("publishing", () => {
  it("shows visitors the published version, not newer saves, until unpublished", async () => {
    const layout = await create([text("element-1", "Live")]);
    const live = await setPublishedVersion(handle.db, layout.id, layout.versionId);
    expect(live).toMatchObject({ publishedVersionId: layout.versionId, publishedVersionNumber: 1 });
    await save(layout, 1, [text("element-1", "Draft")]);
    expect(await publishedLayout(handle.db, "home")).toEqual({
      versionId: layout.versionId,
      elements: [text("element-1", "Live")],
    });
    expect((await listVersions(handle.db, layout.id)).items.map((v) => v.published)).toEqual([false, true]);
    await setPublishedVersion(handle.db, layout.id, null);
    expect(await publishedLayout(handle.db, "home")).toBeNull();
  });

  it("re-renders the page that shows the layout, at each change", async () => {
    const layout = await create();
    await setPublishedVersion(handle.db, layout.id, layout.versionId);
    await setPublishedVersion(handle.db, layout.id, null);
    expect(published.map((change) => change.tags)).toEqual([["layout:home"], ["layout:home"]]);
  });

  it("refuses a version of another layout, changing nothing", async () => {
    const layout = await create();
    expect(await codeOf(setPublishedVersion(handle.db, layout.id, 999_999))).toBe("not_found");
    expect(await publishedLayout(handle.db, "home")).toBeNull();
    expect(published).toEqual([]);
  });
});

describe("deleteLayout", () => {
  it("throws the design and its history away, so visitors and the next save start afresh", async () => {
    const layout = await create([text("element-1", "Live")]);
    await save(layout, 1, [text("element-1", "Later")]);
    await setPublishedVersion(handle.db, layout.id, layout.versionId);
    published.length = 0;
    await deleteLayout(handle.db, layout.id);
    expect(await findLayout(handle.db, "home")).toBeNull();
    expect(await publishedLayout(handle.db, "home")).toBeNull();
    expect((await handle.db.select({ n: count() }).from(layoutVersions))[0]?.n).toBe(0);
    expect(published.map((change) => change.tags)).toEqual([["layout:home"]]);
    expect((await create()).version).toBe(1);
  });

  it("re-renders nothing for a design never published, and answers 404 for none", async () => {
    const layout = await create();
    await deleteLayout(handle.db, layout.id);
    expect(published).toEqual([]);
    expect(await codeOf(deleteLayout(handle.db, layout.id))).toBe("not_found");
  });
});

describe("PUT /api/layouts/{id} with hostile elements", () => {
  const put = endpoints.find((e) => e.method === "PUT" && e.path === "/api/layouts/[ref]");
  const hostileStyle = fc.constantFrom(
    "red; position: fixed",
    "url(javascript:alert(1))",
    "expression(alert(1))",
    "}</style><script>alert(1)</script>",
    "#333\\3b",
    "1px solid red !important",
    "/* */ red",
  );
  const hostileElement = fc.oneof(
    fc
      .record({ property: fc.constantFrom("color", "padding", "border", "fontSize"), value: hostileStyle })
      .map(({ property, value }) => ({ ...text("element-1"), styles: { [property]: value } })),
    fc.constantFrom(
      { ...newElement("image", "element-1"), content: "javascript:alert(1)" },
      { ...newElement("image", "element-1"), content: "//evil.example/x.png" },
      { ...text("element-1"), styles: { position: "fixed" } },
      { ...text("element-1"), id: '"><script>' },
      { ...text("element-1"), x: -5 },
      { ...text("element-1"), width: 1.5 },
      { ...text("element-1"), children: ["element-1"] },
    ),
  );

  it("refuses each with 400 naming the element, and writes no version", async () => {
    if (!put) throw new Error("PUT /api/layouts/[ref] is not declared");
    const layout: LayoutRow = await create();
    const before = await versionCount();
    await fc.assert(
      fc.asyncProperty(hostileElement, async (element) => {
        const response = await callEndpoint(put, {
          user: owner,
          params: { ref: String(layout.id) },
          body: JSON.stringify({ elements: [element], changeDescription: MANUAL_SAVE, baseVersion: 1 }),
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { field?: string }).field).toMatch(/^elements/);
        expect(await versionCount()).toBe(before);
      }),
      { numRuns: 60, seed: 20_261_124 },
    );
  });
});

describe("GET /api/layouts?page=", () => {
  const list = endpoints.find((e) => e.method === "GET" && e.path === "/api/layouts");
  const ask = (page: string) => {
    if (!list) throw new Error("GET /api/layouts is not declared");
    return callEndpoint(list, { user: owner, params: {}, query: [["page", page]] });
  };

  it("answers the page's layout as a list of none or one, never 404", async () => {
    const none = await ask("home");
    expect([none.status, await none.json()]).toEqual([200, []]);
    const layout = await create();
    const one = await ask("home");
    expect(((await one.json()) as { id: number }[]).map((l) => l.id)).toEqual([layout.id]);
  });

  it("refuses a page that cannot have a layout, naming the field", async () => {
    const response = await ask("about");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field?: string }).field).toBe("page");
  });
});
