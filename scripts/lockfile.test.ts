import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));
const manifest = read("package.json") as Manifest;
const lock = read("package-lock.json") as { packages: Record<string, Manifest> };

// npm rewrites a lockfile whose root entry disagrees with package.json, so a fresh clone
// would end its first `npm install` with a changed tree.
describe("package-lock.json", () => {
  const root = lock.packages[""] ?? {};
  for (const field of ["dependencies", "devDependencies", "optionalDependencies"] as const) {
    it(`records the ${field} package.json declares, with the same ranges`, () => {
      expect(root[field] ?? {}).toEqual(manifest[field] ?? {});
    });
  }
});
