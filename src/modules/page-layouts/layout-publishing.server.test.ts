import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { layoutVersions } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { codeOf, layoutSite, text } from "../../../tests/setup/layout-site.ts";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { PublishedChange } from "@/modules/publishing/publisher.server";
import { listVersions, publishedLayout } from "./layout-reads.server";
import { deleteLayout, findLayout, setPublishedVersion } from "./layouts.server";
import { publishedLayoutCss } from "./published-layout";
import { publishedStylesheet } from "./published-stylesheet.server";

// What visitors see of a design: the version published, none once it is unpublished or
// deleted, and the page rendered again at each change the publisher hears of.

const site = layoutSite();
const { create, save } = site;
const published: PublishedChange[] = [];
let unsubscribe: () => void;

beforeAll(() => {
  unsubscribe = sitePublisher().subscribe((change) => {
    published.push(change);
  });
});
// The publisher outlives this file.
afterAll(() => {
  unsubscribe();
});
beforeEach(() => {
  published.length = 0;
});

describe("publishing", () => {
  it("shows visitors the published version, not newer saves, until unpublished", async () => {
    const layout = await create([text("element-1", "Live")]);
    const live = await setPublishedVersion(site.handle.db, layout.id, layout.versionId);
    expect(live).toMatchObject({ publishedVersionId: layout.versionId, publishedVersionNumber: 1 });
    await save(layout, 1, [text("element-1", "Draft")]);
    expect(await publishedLayout(site.handle.db, "home")).toEqual({
      versionId: layout.versionId,
      elements: [text("element-1", "Live")],
    });
    expect((await listVersions(site.handle.db, layout.id)).items.map((v) => v.published)).toEqual([false, true]);
    await setPublishedVersion(site.handle.db, layout.id, null);
    expect(await publishedLayout(site.handle.db, "home")).toBeNull();
  });

  it("re-renders the page that shows the layout, at each change", async () => {
    const layout = await create();
    await setPublishedVersion(site.handle.db, layout.id, layout.versionId);
    await setPublishedVersion(site.handle.db, layout.id, null);
    expect(published.map((change) => change.tags)).toEqual([["layout:home"], ["layout:home"]]);
  });

  it("refuses a version of another layout, changing nothing", async () => {
    const layout = await create();
    expect(await codeOf(setPublishedVersion(site.handle.db, layout.id, 999_999))).toBe("not_found");
    expect(await publishedLayout(site.handle.db, "home")).toBeNull();
    expect(published).toEqual([]);
  });
});

describe("deleteLayout", () => {
  it("throws the design and its history away, so visitors and the next save start afresh", async () => {
    const layout = await create([text("element-1", "Live")]);
    await save(layout, 1, [text("element-1", "Later")]);
    await setPublishedVersion(site.handle.db, layout.id, layout.versionId);
    published.length = 0;
    await deleteLayout(site.handle.db, layout.id);
    expect(await findLayout(site.handle.db, "home")).toBeNull();
    expect(await publishedLayout(site.handle.db, "home")).toBeNull();
    expect((await site.handle.db.select({ n: count() }).from(layoutVersions))[0]?.n).toBe(0);
    expect(published.map((change) => change.tags)).toEqual([["layout:home"]]);
    expect((await create()).version).toBe(1);
  });

  it("re-renders nothing for a design never published, and answers 404 for none", async () => {
    const layout = await create();
    await deleteLayout(site.handle.db, layout.id);
    expect(published).toEqual([]);
    expect(await codeOf(deleteLayout(site.handle.db, layout.id))).toBe("not_found");
  });
});

describe("the published design's stylesheet", () => {
  const route = endpoints.find((e) => e.method === "GET" && e.path === "/api/layouts/[ref]/styles.css");
  const sheet = (v?: string) =>
    callEndpoint(route ?? expect.fail("no stylesheet route"), {
      user: null,
      params: { ref: "home" },
      query: v === undefined ? [] : [["v", v]],
    });

  it("is kept for good when asked for by the tag of its bytes, and checked on every use otherwise", async () => {
    const layout = await create([text("element-1", "Live")]);
    await setPublishedVersion(site.handle.db, layout.id, layout.versionId);
    const { css, tag } = publishedStylesheet([text("element-1", "Live")]);
    expect(css).toBe(publishedLayoutCss([text("element-1", "Live")]));

    const kept = await sheet(tag);
    expect([kept.status, kept.headers.get("cache-control"), await kept.text()]).toEqual([
      200,
      "public, max-age=31536000, immutable",
      css,
    ]);
    // An address from before (a version's id, as pages once asked) is checked again each time.
    for (const v of [String(layout.versionId), undefined]) {
      const checked = await sheet(v);
      expect([checked.headers.get("cache-control"), checked.headers.get("etag")]).toEqual([
        "no-cache",
        `"layout-${tag}"`,
      ]);
    }
  });

  it("has another tag when its bytes differ, so a change to how designs are drawn reaches kept copies", () => {
    const tags = new Set(
      [[text("element-1", "Live")], [text("element-1", "Live"), text("element-2")], []].map(
        (elements) => publishedStylesheet(elements).tag,
      ),
    );
    expect(tags.size).toBe(3);
    expect(publishedStylesheet([text("element-1", "Live")]).tag).toBe(
      publishedStylesheet([text("element-1", "Live")]).tag,
    );
  });
});
