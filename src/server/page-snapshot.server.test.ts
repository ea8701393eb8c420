import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderFingerprint, takeSnapshot, writeSnapshot } from "./page-snapshot";
import { PageStore } from "../modules/publishing/page-store.server";
import type { StoredPage } from "../modules/publishing/stored-page.server";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-snapshot-"));
  file = path.join(dir, "db.pages");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function storedPages(): Promise<[string, StoredPage][]> {
  const store = new PageStore();
  const kept: [string, StoredPage][] = [];
  store.observe((change) => {
    if ("stored" in change) kept.push([change.stored, change.page]);
  });
  const page = (html: string, maxAgeSeconds: number) => ({
    status: 200,
    headers: [["content-type", "text/html"]] as [string, string][],
    body: Buffer.from(html.repeat(20)),
    tags: ["posts"],
    maxAgeSeconds,
  });
  await store.put("/", page("<h1>home</h1>", 3600), store.epoch());
  await store.put("/rss.xml", page("<rss/>", 0), store.epoch());
  return kept;
}

describe("pages kept from a clean stop", () => {
  it("come back as they were stored, once: the file is gone as soon as it is read", async () => {
    const pages = await storedPages();
    await writeSnapshot(file, "build-1", pages);
    const [home, ...rest] = await takeSnapshot(file, "build-1");
    expect(existsSync(file)).toBe(false);
    // The feed's lifetime was over when it was kept; it is not brought back.
    expect(rest).toEqual([]);
    expect(home?.[0]).toBe("/");
    expect(Buffer.isBuffer(home?.[1].br)).toBe(true);
    expect(home?.[1].identity.equals(pages[0]?.[1].identity ?? Buffer.alloc(0))).toBe(true);
    expect(home?.[1].etag).toBe(pages[0]?.[1].etag);
    expect(await takeSnapshot(file, "build-1")).toEqual([]);
  });

  it("are not trusted from another build or other settings, nor when the file is damaged", async () => {
    await writeSnapshot(file, "build-1", await storedPages());
    expect(await takeSnapshot(file, "build-2")).toEqual([]);
    expect(existsSync(file)).toBe(false);
    await writeFile(file, "not a snapshot");
    expect(await takeSnapshot(file, "build-1")).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it("are fingerprinted by the server build and every setting", async () => {
    const entry = path.join(dir, "entry.mjs");
    await writeFile(entry, "export const handler = () => {};");
    const first = await renderFingerprint(entry, { siteUrl: "http://a.example" });
    expect(await renderFingerprint(entry, { siteUrl: "http://a.example" })).toBe(first);
    expect(await renderFingerprint(entry, { siteUrl: "http://b.example" })).not.toBe(first);
    await utimes(entry, new Date(), new Date(Date.now() + 5000));
    expect(await renderFingerprint(entry, { siteUrl: "http://a.example" })).not.toBe(first);
  });
});
