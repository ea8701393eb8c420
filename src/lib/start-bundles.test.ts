import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleForNode } from "./start-bundles.ts";

// Built inside the project, so the bundle finds the packages it leaves to Node where the site's would.
const dir = mkdtempSync(path.join("node_modules", ".start-bundles-test-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Write `source` as an entry, bundle it, and return the bundle's path. */
async function bundled(name: string, source: string): Promise<string> {
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  await bundleForNode([{ in: entry, out: name }], dir);
  return path.join(dir, `${name}.mjs`);
}

const run = (file: string): unknown => JSON.parse(execFileSync(process.execPath, [file], { encoding: "utf8" }));

describe("the bundles npm start runs", () => {
  it("carry pure packages inside and leave those with files of their own to Node, and both work", async () => {
    const file = await bundled(
      "packages",
      `import { sql } from "drizzle-orm";
       import { PGlite } from "@electric-sql/pglite";
       console.log(JSON.stringify([typeof sql, typeof PGlite]));`,
    );
    const text = readFileSync(file, "utf8");
    expect(text).not.toMatch(/from "drizzle-orm/);
    expect(text).toMatch(/from "@electric-sql\/pglite"/);
    expect(run(file)).toEqual(["function", "function"]);
  });

  it("take Node's own modules without loading what their exports would pull in", async () => {
    const source = `import http, { createServer } from "node:http";
      const undici = process.moduleLoadList.some((name) => name.includes("undici"));
      console.log(JSON.stringify([undici, typeof createServer, typeof http.request]));`;
    // Imported as an ES module, node:http's exports load Node's fetch implementation at once.
    const unbundled = path.join(dir, "http-as-module.mjs");
    writeFileSync(unbundled, source);
    expect(run(unbundled)).toEqual([true, "function", "function"]);

    expect(run(await bundled("http", source))).toEqual([false, "function", "function"]);
  });
});
