import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { codeOf, colleague, layoutSite, owner, text } from "../../../tests/setup/layout-site.ts";
import { AUTO_SAVE, MANUAL_SAVE } from "./api-schema";
import { newElement } from "./defaults";
import { listVersions } from "./layout-reads.server";
import { findLayout, restoreVersion, saveLayout, setPublishedVersion, type LayoutRow } from "./layouts.server";

// Writing a page's design: its first version, each save after, a restore, and what a save
// through the route refuses. Reading the history: layout-reads.server.test.ts; what
// visitors see: layout-publishing.server.test.ts.

const site = layoutSite();
const { create, save, versionCount } = site;

describe("createLayout", () => {
  it("stores the page's layout as version 1, which findLayout returns", async () => {
    const layout = await create();
    expect(layout).toMatchObject({ pageName: "home", pageType: "page", version: 1, publishedVersionId: null });
    expect(await findLayout(site.handle.db, "home")).toEqual(layout);
    expect((await listVersions(site.handle.db, layout.id)).items).toEqual([
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
    expect(await findLayout(site.handle.db, "home")).toBeNull();
  });
});

describe("saveLayout", () => {
  it("stores the next version and makes its elements the layout's", async () => {
    const layout = await create();
    const saved = await save(layout, 1, [text("element-1", "Less meh")]);
    expect(saved).toMatchObject({ version: 2, changeDescription: MANUAL_SAVE });
    expect(saved.elements[0]?.content).toBe("Less meh");
    expect((await listVersions(site.handle.db, layout.id)).items.map((v) => v.versionNumber)).toEqual([2, 1]);
  });

  it("refuses a save based on an older version (409) and keeps the newer work", async () => {
    const layout = await create();
    await save(layout, 1, [text("element-1", "Theirs")]);
    expect(await codeOf(save(layout, 1, [text("element-1", "Mine")]))).toBe("conflict");
    const now = await findLayout(site.handle.db, "home");
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
        const base = (await findLayout(site.handle.db, "home"))?.version ?? 0;
        if ((await codeOf(save(layout, base, [text("element-1", `${name} ${saves}`)]))) === undefined) saves += 1;
      }
    };
    await Promise.all(["a", "b", "c", "d"].map(editor));
    const numbers = (await listVersions(site.handle.db, layout.id)).items.map((v) => v.versionNumber);
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
    const versions = (await listVersions(site.handle.db, layout.id)).items;
    expect(versions.map((v) => [v.versionNumber, v.changeDescription])).toEqual([
      [7, AUTO_SAVE],
      [5, MANUAL_SAVE],
      [4, AUTO_SAVE],
      [1, "Created"],
    ]);
    expect((await findLayout(site.handle.db, "home"))?.elements[0]?.content).toBe("f");
  });

  it("never replaces a published auto-save or another person's", async () => {
    const layout = await create();
    const first = await save(layout, 1, [text("element-1", "a")], AUTO_SAVE);
    await setPublishedVersion(site.handle.db, layout.id, first.versionId);
    const second = await save(layout, 2, [text("element-1", "b")], AUTO_SAVE);
    await saveLayout(
      site.handle.db,
      layout.id,
      { elements: [text("element-1", "c")], changeDescription: AUTO_SAVE, baseVersion: second.version },
      colleague.id,
    );
    expect((await listVersions(site.handle.db, layout.id)).items.map((v) => v.versionNumber)).toEqual([4, 3, 2, 1]);
  });
});

describe("restoreVersion", () => {
  it("adds the old elements as the newest version and leaves the history as it was", async () => {
    const layout = await create([text("element-1", "First")]);
    await save(layout, 1, [text("element-1", "Second")]);
    const restored = await restoreVersion(site.handle.db, layout.id, layout.versionId, owner.id);
    expect(restored).toMatchObject({ version: 3, changeDescription: "Restored version 1" });
    expect(restored.elements[0]?.content).toBe("First");
    expect((await listVersions(site.handle.db, layout.id)).items.map((v) => v.changeDescription)).toEqual([
      "Restored version 1",
      MANUAL_SAVE,
      "Created",
    ]);
  });

  it("answers 404 for a version of another layout or none", async () => {
    const layout = await create();
    expect(await codeOf(restoreVersion(site.handle.db, layout.id, 999_999, owner.id))).toBe("not_found");
    expect(await codeOf(restoreVersion(site.handle.db, 999_999, layout.versionId, owner.id))).toBe("not_found");
    expect(await versionCount()).toBe(1);
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

  it("refuses an image with no alt text that is not marked decorative, naming its alt", async () => {
    if (!put) throw new Error("PUT /api/layouts/[ref] is not declared");
    const layout: LayoutRow = await create();
    const before = await versionCount();
    const image = { ...newElement("image", "element-2"), content: "/uploads/images/kettle.jpg" };
    const save = (elements: unknown[]) =>
      callEndpoint(put, {
        user: owner,
        params: { ref: String(layout.id) },
        // No base version: each save goes on top of the newest (SPEC §7's body).
        body: JSON.stringify({ elements, changeDescription: MANUAL_SAVE }),
      });
    const refused = await save([text("element-1"), image]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      field: "elements.1.alt",
      error: expect.stringContaining("Describe the image, or mark it decorative") as unknown,
    });
    expect(await versionCount()).toBe(before);
    expect((await save([{ ...image, alt: "A kettle on the sill" }])).status).toBe(200);
    expect((await save([{ ...image, decorative: true }])).status).toBe(200);
  });
});
