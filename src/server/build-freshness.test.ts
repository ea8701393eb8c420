import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { changedSince } from "./build-freshness";

const root = mkdtempSync(path.join(os.tmpdir(), "meh-freshness-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const BUILT_AT = Date.parse("2026-01-02T00:00:00Z");
function write(file: string, modified: number): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x");
  utimesSync(path.join(root, file), modified / 1000, modified / 1000);
}

it("finds a source, config or lockfile changed after the build, and nothing when none was", () => {
  const before = BUILT_AT - 60_000;
  const after = BUILT_AT + 60_000;
  for (const file of ["src/pages/about.astro", "db/schema/posts.ts", "astro.config.ts", "package-lock.json"]) {
    write(file, before);
  }
  expect(changedSince(root, BUILT_AT)).toBeUndefined();

  write("src/pages/post/[slug].astro", after);
  expect(changedSince(root, BUILT_AT)).toBe(path.join("src", "pages", "post", "[slug].astro"));
  write("src/pages/post/[slug].astro", before);

  write("package-lock.json", after);
  expect(changedSince(root, BUILT_AT)).toBe("package-lock.json");
  write("package-lock.json", before);

  // A test is not built into the site, and a folder that is not an input is not read.
  write("src/modules/posts/posts.server.test.ts", after);
  write("content/posts/new.md", after);
  expect(changedSince(root, BUILT_AT)).toBeUndefined();
});
