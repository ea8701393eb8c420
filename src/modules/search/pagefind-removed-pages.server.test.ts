import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pagefindSearch } from "../../../tests/setup/pagefind-search.ts";
import { createFrontHandler } from "@/server/front-handler";
import { PageStore } from "@/modules/publishing/page-store.server";
import { buildPagefindBundle } from "./pagefind-build.server";
import { PagefindFiles, type IndexFile } from "./pagefind-files.server";
import { SEARCH_LANGUAGE, type SearchRecord } from "./search-records";

// The red team's check: after a page is deleted and the index rebuilt, ask the site for
// every index file any build ever wrote, as a visitor can, and read what comes back.

const record = (url: string, title: string, content: string): SearchRecord => ({
  url,
  content: `${title}\n\n${content}`,
  language: SEARCH_LANGUAGE,
  meta: { title, image: "", card: JSON.stringify({ title }) },
  filters: { kind: ["post"], category: ["Meh Moments"] },
  sort: { published: "2026-01-01T00:00:00.000Z" },
});

const beetle = record("/post/beetle", "The Xylophagous Beetle", "Zygomorphic pancakes, eaten by a beetle at noon.");
const bath = record("/post/bath", "A Lukewarm Bath", "The water settled on a temperature best described as a shrug.");
const bathEdited = record("/post/bath", "A Lukewarm Bath", "The water settled on a shrug, then on a sigh.");
// As Pagefind stems them; a common word would be no test: "walrus" is in Pagefind's WASM.
const beetleWords = ["xylophag", "zygomorph"];

let root: string;
let files: PagefindFiles;
let handler: RequestListener;
let server: http.Server;
let origin: string;

const notFound: RequestListener = (_req, res) => {
  res.writeHead(404).end();
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pagefind-removed-"));
  files = new PagefindFiles(root);
  serve(files);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Answer /pagefind/ from these files, as the front server does. */
const serve = (searchIndex: PagefindFiles) => {
  handler = createFrontHandler({ store: new PageStore(), astro: notFound, https: false, searchIndex });
};

const rebuild = async (records: SearchRecord[]): Promise<IndexFile[]> => {
  const bundle = await buildPagefindBundle(records);
  await files.install(bundle);
  return bundle;
};

/** Every name a build on disk holds, as the browser would ask for it under /pagefind/. */
async function namesOnDisk(): Promise<string[]> {
  const names = new Set<string>();
  for (const build of await readdir(root, { withFileTypes: true })) {
    if (!build.isDirectory()) continue;
    const folder = path.join(build.parentPath, build.name);
    for (const file of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (file.isFile())
        names.add(path.relative(folder, path.join(file.parentPath, file.name)).replace(/\.(br|gz)$/, ""));
    }
  }
  return [...names].sort();
}

/** The names the site answers whose content (unzipped, as Pagefind's parts are) holds any of the words. */
async function servedHolding(words: string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const name of await namesOnDisk()) {
    const res = await fetch(`${origin}/pagefind/${name}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) continue;
    const text = (body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString("utf8").toLowerCase();
    if (words.some((word) => text.includes(word))) holding.push(name);
  }
  return holding;
}

/** The name of the fragment holding a page's words in a bundle. */
function fragmentOf(bundle: IndexFile[], url: string): string {
  const fragment = bundle.find(
    (file) => file.path.startsWith("fragment/") && gunzipSync(file.content).toString("utf8").includes(`"url":"${url}"`),
  );
  if (!fragment) throw new Error(`No fragment for ${url}`);
  return fragment.path;
}

const find = (term: string) => pagefindSearch(origin, term);

describe("a page removed from the search index", () => {
  it("is in no file the site serves once the index is rebuilt without it, while the pages left are found", async () => {
    await rebuild([beetle, bath]);
    // The check can see the words while the page is indexed.
    expect(await servedHolding(beetleWords)).not.toEqual([]);

    await rebuild([bath]);
    expect(await servedHolding(beetleWords)).toEqual([]);
    expect(await find("zygomorphic")).toEqual([]);
    expect(await find("shrug")).toEqual(["/post/bath"]);

    // The front server's own copy, reopened from disk as it is after each build or a restart.
    const front = new PagefindFiles(root);
    expect(await front.open()).toBe(true);
    serve(front);
    expect(await servedHolding(beetleWords)).toEqual([]);
    expect(await find("shrug")).toEqual(["/post/bath"]);
  });

  it("stays gone when a new page takes its address", async () => {
    await rebuild([beetle, bath]);
    await rebuild([bath]);
    await rebuild([bath, record("/post/beetle", "A Different Beetle", "Nothing happened on the pier.")]);
    expect(await servedHolding(beetleWords)).toEqual([]);
    expect(await find("pier")).toEqual(["/post/beetle"]);
  });
});

describe("an older build's parts", () => {
  it("are all still served to a visitor mid-search while every page of that build is still indexed", async () => {
    const first = await rebuild([beetle, bath]);
    await rebuild([beetle, bathEdited]);
    for (const file of first.filter((f) => /\.pf_[a-z]+$/.test(f.path)))
      expect(files.lookup(file.path), file.path).toBeDefined();
  });

  it("are cut to the fragments of pages still indexed once a page of that build has gone", async () => {
    const first = await rebuild([beetle, bath]);
    const second = await rebuild([beetle, bathEdited]);
    const current = new Set((await rebuild([bathEdited])).map((file) => file.path));
    // A visitor who loaded either older entry still gets the bath page's card, old or new.
    expect(files.lookup(fragmentOf(first, "/post/bath"))).toBeDefined();
    expect(files.lookup(fragmentOf(second, "/post/bath"))).toBeDefined();
    const older = [...first, ...second].filter((f) => /\.pf_(meta|index|filter)$/.test(f.path) && !current.has(f.path));
    expect(older).not.toEqual([]);
    for (const file of older) expect(files.lookup(file.path), file.path).toBeUndefined();
  });
});
