import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BuildAssets } from "./build-assets";

const clientDir = mkdtempSync(path.join(os.tmpdir(), "meh-assets-"));
mkdirSync(path.join(clientDir, "_astro", "chunks"), { recursive: true });
writeFileSync(path.join(clientDir, "_astro", "page.abc.js"), "export const a = 1;\n".repeat(100));
writeFileSync(path.join(clientDir, "_astro", "chunks", "dep.def.js"), "export const b = 2;\n");
writeFileSync(path.join(clientDir, "_astro", "font.ghi.woff2"), "woff2");
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
});

describe("BuildAssets", () => {
  const assets = new BuildAssets(clientDir, []);

  it("knows the build's files, nested ones included, and nothing else", () => {
    expect(assets.has("/_astro/page.abc.js")).toBe(true);
    expect(assets.has("/_astro/chunks/dep.def.js")).toBe(true);
    expect(assets.has("/_astro/font.ghi.woff2")).toBe(true);
    expect(assets.has("/_astro/other.js")).toBe(false);
    expect(assets.has("/_astro/../package.json")).toBe(false);
  });

  it("prepares only text files of the build, once each", async () => {
    const first = assets.compressed("/_astro/page.abc.js");
    expect(assets.compressed("/_astro/page.abc.js")).toBe(first);
    expect((await first)?.identity.headers).toContain("text/javascript; charset=utf-8");
    expect(assets.compressed("/_astro/font.ghi.woff2")).toBeUndefined();
  });

  it("remembers nothing of 20,000 made-up names", () => {
    const before = assets.preparedCount;
    for (let i = 0; i < 20_000; i++) expect(assets.compressed(`/_astro/junk-${i}.js`)).toBeUndefined();
    expect(assets.preparedCount).toBe(before);
  });
});
