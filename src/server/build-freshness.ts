import { readdirSync, statSync, type Stats } from "node:fs";
import path from "node:path";

/**
 * What the build is made from, in the project folder: a change to any of them makes it old.
 * The static pages' text and the default theme are built in; the sample posts and videos
 * are read when a database is seeded.
 */
export const BUILD_INPUTS = [
  "src",
  "db",
  "public",
  "content/pages",
  "content/theme",
  "astro.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

// Tests are not built into the site: editing one needs no new build.
const NOT_BUILT = /\.test\.tsx?$/;

/**
 * The first input (a path relative to `root`) changed after `builtAt` (a time in
 * milliseconds), or undefined when the build is as new as everything it is made from.
 */
export function changedSince(
  root: string,
  builtAt: number,
  inputs: readonly string[] = BUILD_INPUTS,
): string | undefined {
  const visit = (relative: string): string | undefined => {
    let stats: Stats;
    try {
      stats = statSync(path.join(root, relative));
    } catch {
      return undefined;
    }
    if (!stats.isDirectory()) return stats.mtimeMs > builtAt && !NOT_BUILT.test(relative) ? relative : undefined;
    // A folder's own time moves when an entry is added, removed or renamed: a deleted page
    // leaves no file to compare, and its route would still be served. A new test file moves it
    // too, which costs a needless build rather than a stale site.
    if (stats.mtimeMs > builtAt) return relative;
    for (const entry of readdirSync(path.join(root, relative))) {
      const changed = visit(path.join(relative, entry));
      if (changed) return changed;
    }
    return undefined;
  };
  for (const input of inputs) {
    const changed = visit(input);
    if (changed) return changed;
  }
  return undefined;
}
