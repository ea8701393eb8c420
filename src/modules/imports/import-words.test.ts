import { describe, expect, it } from "vitest";
import { liveWhileWorking, outcomeText, progressText, reportText } from "./import-words";

const progress = {
  itemsDone: 212,
  itemsTotal: 480,
  bytesDone: 0,
  bytesTotal: 0,
  keptAsDrafts: 0,
  refused: 0,
  refusals: [],
};

describe("progressText", () => {
  it("counts posts, and images by their bytes when the export's are known", () => {
    expect(progressText(progress)).toBe("212 of 480 posts");
    expect(progressText({ ...progress, bytesDone: 1.2 * 1024 ** 3, bytesTotal: 3 * 1024 ** 3 })).toBe(
      "212 of 480 posts, 1.2 GB of 3.0 GB images",
    );
  });
});

describe("outcomeText", () => {
  it("says what came in, and what did not", () => {
    expect(outcomeText({ ...progress, itemsDone: 480 }, 0)).toBe("480 posts brought in.");
    expect(outcomeText({ ...progress, itemsDone: 3, keptAsDrafts: 1, refused: 1 }, 2)).toBe(
      "2 posts brought in; 1 post kept as drafts (an image has no description); 1 item left out; 2 images could not be brought.",
    );
  });
});

describe("liveWhileWorking", () => {
  it("follows an import only while it reads or writes", () => {
    expect(liveWhileWorking("reading")).toBeGreaterThan(0);
    expect(liveWhileWorking("importing")).toBeGreaterThan(0);
    expect(liveWhileWorking("planned")).toBe(false);
    expect(liveWhileWorking("done")).toBe(false);
  });
});

describe("reportText", () => {
  it("says what the export holds and what importing it would do, line by line", () => {
    const text = reportText({
      source: "wordpress",
      flavor: null,
      siteUrl: "https://old.blog",
      items: { posts: 3, pages: 1, videos: 0, published: 2, drafts: 1, scheduled: 0, alreadyImported: 0 },
      images: {
        total: 2,
        inExport: 0,
        toFetch: 2,
        exportBytes: 0,
        missing: [{ ref: "https://old.blog/a.jpg", item: "On queues", reason: "the old site answered 404" }],
        missingCount: 1,
      },
      slugClashes: [{ item: "On queues", slug: "on-queues", becomes: "on-queues-1" }],
      slugClashCount: 1,
      dropped: [{ what: "a [gallery] shortcode", count: 2 }],
      skipped: { comments: 12 },
      terms: [{ name: "Life", count: 3, suggested: null }],
      oldPaths: 4,
      refused: [],
    });
    expect(text.split("\n")).toEqual([
      "A WordPress export from https://old.blog",
      "  3 posts, 1 page: 2 published, 1 drafts, 0 scheduled",
      "  2 images: 0 in the export, 2 to fetch, 1 missing",
      "    missing: https://old.blog/a.jpg (On queues): the old site answered 404",
      '  "On queues": on-queues is taken, so it becomes on-queues-1',
      "  left behind: 12 comments",
      "  cannot be carried: a [gallery] shortcode (in 2 posts)",
      "  4 old addresses will lead to the new pages",
      "  categories and tags: Life (3)",
    ]);
  });
});
