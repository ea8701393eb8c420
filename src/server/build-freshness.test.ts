import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { changedSince } from "./build-freshness";

const root = mkdtempSync(path.join(os.tmpdir(), "meh-freshness-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const BUILT_AT = Date.parse("2026-01-02T00:00:00Z");
const touch = (relative: string, modified: number) => {
  utimesSync(path.join(root, relative), modified / 1000, modified / 1000);
};
/** Writes a file dated `modified`, its folders dated `folders` (as when it was added then). */
function write(file: string, modified: number, folders = modified): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x");
  touch(file, modified);
  for (let folder = path.dirname(file); folder !== "."; folder = path.dirname(folder)) touch(folder, folders);
}

it("finds a source, config or lockfile changed after the build, and nothing when none was", () => {
  const before = BUILT_AT - 60_000;
  const after = BUILT_AT + 60_000;
  for (const file of ["src/pages/about.astro", "db/schema/posts.ts", "astro.config.ts", "package-lock.json"]) {
    write(file, before);
  }
  expect(changedSince(root, BUILT_AT)).toBeUndefined();

  // An edit: the file's time moves, its folder's does not.
  write("src/pages/post/[slug].astro", after, before);
  expect(changedSince(root, BUILT_AT)).toBe(path.join("src", "pages", "post", "[slug].astro"));
  write("src/pages/post/[slug].astro", before);

  write("package-lock.json", after, before);
  expect(changedSince(root, BUILT_AT)).toBe("package-lock.json");
  write("package-lock.json", before);

  // An edited test is not built into the site, and a folder that is not an input is not read.
  write("src/modules/posts/posts.server.test.ts", after, before);
  write("content/posts/new.md", after);
  expect(changedSince(root, BUILT_AT)).toBeUndefined();
});

it("finds a source file removed after the build by its folder's time", () => {
  const before = BUILT_AT - 60_000;
  write("src/pages/old-page.astro", before);
  write("src/pages/kept.astro", before);
  expect(changedSince(root, BUILT_AT)).toBeUndefined();
  unlinkSync(path.join(root, "src/pages/old-page.astro"));
  touch("src/pages", BUILT_AT + 60_000);
  expect(changedSince(root, BUILT_AT)).toBe(path.join("src", "pages"));
});
