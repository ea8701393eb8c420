import { describe, expect, it } from "vitest";
import { layoutVersions } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { codeOf, layoutSite, owner, text } from "../../../tests/setup/layout-site.ts";
import { MANUAL_SAVE } from "./api-schema";
import { listVersions, VERSIONS_LISTED } from "./layout-reads.server";
import type { LayoutRow } from "./layouts.server";

// Reading layouts: a layout's history page by page, in the service and through its route,
// and the page's layout through the list route.

const site = layoutSite();
const { create } = site;

/** A layout with `total` versions, the ones after the first written straight to the table. */
async function layoutWithVersions(total: number): Promise<LayoutRow> {
  const layout = await create();
  await site.handle.db.insert(layoutVersions).values(
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
    const first = await listVersions(site.handle.db, layout.id);
    expect(numbersOf(first.items)).toEqual(countdown(TOTAL, TOTAL - VERSIONS_LISTED + 1));
    expect([first.total, first.next]).toEqual([TOTAL, TOTAL - VERSIONS_LISTED + 1]);
    const second = await listVersions(site.handle.db, layout.id, first.next ?? 0);
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
    const page = await listVersions(site.handle.db, layout.id);
    expect([page.items.length, page.total, page.next]).toEqual([VERSIONS_LISTED, VERSIONS_LISTED, null]);
  });

  it("answers 404 for a layout that does not exist", async () => {
    expect(await codeOf(listVersions(site.handle.db, 999_999))).toBe("not_found");
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
