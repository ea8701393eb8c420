import { afterEach, beforeEach, expect, it, type MockInstance, vi } from "vitest";
import { changeOf } from "@/modules/publishing/content-tags";
import * as pagefindBuild from "./pagefind-build.server";
import type { IndexFile } from "./pagefind-files.server";
import { SearchIndexer } from "./search-indexer.server";
import { SEARCH_LANGUAGE, type SearchRecord } from "./search-records";

// The indexer's own timing on a fake clock: Pagefind is stood in for by a build that takes
// as long as the bench's rebuild of 1,006 pages (bench/results.md, about 2 s). A spy, not a
// module mock: the worker may have loaded the indexer already, with the real build.
let build: MockInstance<typeof pagefindBuild.buildPagefindBundle>;

const BUILD_MS = 2000;
/** The longest a deleted page may stay in the served index. */
const BOUND_MS = 5000;

const record = (url: string): SearchRecord => ({
  url,
  content: url,
  language: SEARCH_LANGUAGE,
  meta: { title: url, image: "", card: "{}" },
  filters: { kind: ["post"], category: ["Meh Moments"] },
  sort: { published: "2026-01-01T00:00:00.000Z" },
});

let pages: SearchRecord[];
let installs: { at: number; pages: string[] }[];
let indexer: SearchIndexer;

beforeEach(async () => {
  vi.useFakeTimers();
  pages = [record("/post/kept"), record("/post/deleted")];
  installs = [];
  build = vi.spyOn(pagefindBuild, "buildPagefindBundle").mockImplementation(async (records) => {
    await new Promise((resolve) => setTimeout(resolve, BUILD_MS));
    return records.map((r) => ({ path: r.url, content: new Uint8Array() }));
  });
  indexer = new SearchIndexer({
    files: {
      open: () => Promise.resolve(true),
      install: (bundle: IndexFile[]) => {
        installs.push({ at: Date.now(), pages: bundle.map((file) => file.path) });
        return Promise.resolve("build");
      },
      bytes: 0,
    },
    records: () => Promise.resolve([...pages]),
  });
  // Started over an index a previous run left: brought up to date after the debounce.
  await indexer.start();
  await vi.advanceTimersByTimeAsync(BOUND_MS);
  expect(installs).toHaveLength(1);
});

afterEach(async () => {
  await vi.runAllTimersAsync();
  await indexer.stop();
  vi.useRealTimers();
  build.mockRestore();
});

/** Delete a page as a write does: gone from the database, then the change published. */
function deletePage(): number {
  pages = pages.filter((page) => page.url !== "/post/deleted");
  void indexer.listener({ ...changeOf.post(2), droppedPages: [], origin: "local" });
  return Date.now();
}

const installedWithoutDeleted = () => installs.find((build) => !build.pages.includes("/post/deleted"));

it("serves an index without a deleted page within 5 s of the delete", async () => {
  const deletedAt = deletePage();
  await vi.advanceTimersByTimeAsync(BOUND_MS);
  expect(installedWithoutDeleted()?.at).toBeLessThanOrEqual(deletedAt + BOUND_MS);
});

it("serves an index without a deleted page within 5 s, when the delete lands just after a build read the pages", async () => {
  void indexer.listener({ ...changeOf.post(1), droppedPages: [], origin: "local" });
  await vi.advanceTimersByTimeAsync(1100);
  expect(build.mock.lastCall?.[0].map((r) => r.url)).toContain("/post/deleted");
  const deletedAt = deletePage();
  await vi.advanceTimersByTimeAsync(BOUND_MS);
  expect(installedWithoutDeleted()?.at).toBeLessThanOrEqual(deletedAt + BOUND_MS);
});
