import { mkdtemp, readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isServedPath, PagefindFiles, type IndexFile } from "./pagefind-files.server";

const bytes = (text: string) => new TextEncoder().encode(text);
// Every generation indexes the same page, as Pagefind writes a fragment (zipped, signed JSON).
const fragment = (generation: string) =>
  gzipSync(`pagefind_dcd${JSON.stringify({ url: "/post/same", content: `words of ${generation}` })}`);
const bundle = (generation: string): IndexFile[] => [
  { path: "pagefind.js", content: bytes("export const search = () => [];") },
  { path: "pagefind-entry.json", content: bytes(`{"generation":"${generation}"}`) },
  { path: "wasm.en.pagefind", content: bytes("wasm") },
  { path: `pagefind.en_${generation}.pf_meta`, content: bytes(`meta ${generation}`) },
  { path: `fragment/en_${generation}.pf_fragment`, content: fragment(generation) },
  { path: "pagefind-ui.js", content: bytes("a user interface nothing loads") },
];

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pagefind-files-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("PagefindFiles", () => {
  it("serves nothing before a build, then the build's files with their types and caching", async () => {
    const files = new PagefindFiles(root);
    expect(await files.open()).toBe(false);
    expect(files.lookup("pagefind.js")).toBeUndefined();

    await files.install(bundle("a1"));
    const script = files.lookup("pagefind.js");
    expect(script).toMatchObject({ contentType: "text/javascript; charset=utf-8", cacheControl: "no-cache" });
    expect(await readFile(script?.files.identity ?? "", "utf8")).toBe("export const search = () => [];");
    expect(script?.files.br).toBeDefined();
    expect(files.lookup("fragment/en_a1.pf_fragment")).toMatchObject({
      contentType: "application/octet-stream",
      cacheControl: "public, max-age=31536000, immutable",
    });
    // Pagefind compresses its own parts; only the scripts and entry get copies.
    expect(files.lookup("wasm.en.pagefind")?.files.br).toBeUndefined();
    expect(files.lookup("pagefind-entry.json")?.contentType).toBe("application/json");
  });

  it("answers only the names a build holds, never Pagefind's unused UIs or made-up paths", async () => {
    const files = new PagefindFiles(root);
    await files.install(bundle("a1"));
    for (const name of [
      "pagefind-ui.js",
      "fragment/en_zz.pf_fragment",
      "../current",
      ".manifest.json",
      "x/../pagefind.js",
    ])
      expect(files.lookup(name), name).toBeUndefined();
    expect(isServedPath("index/en_4c1.pf_index")).toBe(true);
    expect(isServedPath("pagefind-component-ui.js")).toBe(false);
  });

  it("swaps builds whole: fixed names come from the new one, hashed parts of the old stay findable", async () => {
    const files = new PagefindFiles(root);
    await files.install(bundle("a1"));
    const oldEntry = files.lookup("pagefind-entry.json")?.etag;
    await files.install(bundle("b2"));
    expect(files.lookup("pagefind-entry.json")?.etag).not.toBe(oldEntry);
    expect(await readFile(files.lookup("pagefind-entry.json")?.files.identity ?? "", "utf8")).toContain("b2");
    // A visitor who loaded the old entry a moment ago still gets its parts.
    expect(files.lookup("fragment/en_a1.pf_fragment")).toBeDefined();
    expect(files.lookup("fragment/en_b2.pf_fragment")).toBeDefined();
  });

  it("compresses a script once: a later build with the same bytes links the earlier copies, even after a restart", async () => {
    const first = new PagefindFiles(root);
    await first.install(bundle("a1"));
    const before = first.lookup("pagefind.js")?.files;
    const reopened = new PagefindFiles(root);
    await reopened.open();
    await reopened.install(bundle("b2"));
    const after = reopened.lookup("pagefind.js")?.files;
    expect(after?.br).not.toBe(before?.br);
    expect((await stat(after?.br ?? "")).ino).toBe((await stat(before?.br ?? "")).ino);
    expect((await stat(after?.gzip ?? "")).ino).toBe((await stat(before?.gzip ?? "")).ino);
    // The entry changed, so its copies are its own, and say what it says.
    const entry = reopened.lookup("pagefind-entry.json")?.files;
    expect(brotliDecompressSync(await readFile(entry?.br ?? "")).toString()).toBe('{"generation":"b2"}');
    expect(gunzipSync(await readFile(entry?.gzip ?? "")).toString()).toBe('{"generation":"b2"}');
  });

  it("picks up the current build after a restart", async () => {
    const first = new PagefindFiles(root);
    await first.install(bundle("a1"));
    const id = await first.install(bundle("b2"));
    const reopened = new PagefindFiles(root);
    expect(await reopened.open()).toBe(true);
    expect(reopened.current).toBe(id);
    expect(await readFile(reopened.lookup("pagefind-entry.json")?.files.identity ?? "", "utf8")).toContain("b2");
    expect(reopened.lookup("fragment/en_a1.pf_fragment")).toBeDefined();
  });

  it("keeps the last three builds and removes older ones once no visitor can need them", async () => {
    const files = new PagefindFiles(root);
    const ids: string[] = [];
    for (const generation of ["a1", "b2", "c3"]) ids.push(await files.install(bundle(generation)));
    // Written an hour ago: past any visit that loaded its entry.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const id of ids) await utimes(path.join(root, id), anHourAgo, anHourAgo);
    const newest = await files.install(bundle("d4"));
    expect((await readdir(root)).filter((name) => name !== "current").sort()).toEqual([ids[1], ids[2], newest].sort());
    expect(files.lookup("fragment/en_a1.pf_fragment")).toBeUndefined();
  });
});
