import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { media } from "../../../tests/media.ts";
import { call, normalize, other, owner, uploadSite, uploadUrl } from "../../../tests/setup/upload-site.ts";
import { countWrites } from "../../../tests/setup/write-counter.ts";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import type { SessionUser } from "@/lib/session-user";
import { PUT as uploadRoute } from "@/pages/api/objects/upload";
import { GET as uploadUrlRoute } from "@/pages/api/objects/upload-url";
import type { UploadTarget } from "./contract";

// The upload URL as the upload island asks for it and sends to it, through the routes: who
// may use it, how often, and that asking for one writes nothing. What becomes of the file
// after: normalize-upload.server.test.ts.

const JPEG = media.jpeg();

const site = uploadSite();
// Files after this one in the worker get the settings' store again.
afterAll(() => {
  useObjectStore(undefined);
});

const put = (user: SessionUser, target: UploadTarget, body: BodyInit, type = "image/jpeg") =>
  call(uploadRoute, user, target.url, { method: "PUT", headers: { "Content-Type": type }, body });

/** A body the test feeds by hand: its first bytes now, the rest when `finish` is called. */
function heldBody(first: Uint8Array) {
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      feed = controller;
      controller.enqueue(first);
    },
  });
  const finish = (rest: Uint8Array) => {
    feed?.enqueue(rest);
    feed?.close();
  };
  return { body, finish };
}

/** A body that breaks off half-way, as a dropped connection does. */
const brokenBody = (first: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      controller.error(new Error("connection reset"));
    },
  });

describe("the local driver's signed upload URL", () => {
  beforeAll(() => {
    useObjectStore(site.local);
  });

  /** The URL with its policy's JSON changed by `change`, the signature kept. */
  function tampered(target: UploadTarget, change: (policy: Record<string, unknown>) => void): UploadTarget {
    const url = new URL(target.url, "http://site.test");
    const policy = JSON.parse(Buffer.from(url.searchParams.get("policy") ?? "", "base64url").toString()) as Record<
      string,
      unknown
    >;
    change(policy);
    url.searchParams.set("policy", Buffer.from(JSON.stringify(policy)).toString("base64url"));
    return { ...target, url: url.pathname + url.search };
  }

  it("refuses a forged, changed or expired URL with 403 saying so, and keeps nothing", async () => {
    const jpeg = await JPEG;
    const target = await uploadUrl(owner);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 16 * 60 * 1000 });
    const old = await uploadUrl(owner);
    vi.useRealTimers();
    const forged = { ...target, url: target.url.replace(/signature=[^&]+/, "signature=AAAA") };
    const bigger = tampered(target, (policy) => {
      policy.max = Number(policy.max) * 100;
    });
    const later = tampered(old, (policy) => {
      policy.exp = Date.now() + 60_000;
    });
    const elsewhere = tampered(target, (policy) => {
      policy.key = String(policy.key).replace(/[a-z0-9]{26}$/, "a".repeat(26));
    });
    const notSigned = "This upload URL is not one the site signed, or was changed since";
    for (const [sent, error] of [
      [forged, notSigned],
      [bigger, notSigned],
      [later, notSigned],
      [elsewhere, notSigned],
      [old, "This upload URL has expired: ask for a new one"],
    ] as const) {
      const res = await put(owner, sent, jpeg);
      expect(res.status, sent.url).toBe(403);
      expect(await res.json()).toEqual({ code: "forbidden", error });
    }
    expect(await readdir(path.join(site.root, "raw", "image", String(owner.id))).catch(() => [])).toEqual([]);
    expect((await put(owner, target, jpeg)).status).toBe(201);
    expect((await normalize(owner, target.rawPath)).status).toBe(200);
  });

  it("is used up only by a file received whole, so a refused or broken upload can be sent again", async () => {
    const target = await uploadUrl(owner);
    const jpeg = await JPEG;
    expect((await put(owner, target, jpeg, "image/png")).status).toBe(415);
    expect((await put(owner, target, brokenBody(jpeg.subarray(0, 100)))).status).toBe(400);
    expect((await put(owner, target, new Uint8Array())).status).toBe(400);
    expect(await readdir(path.join(site.root, "raw", "image", String(owner.id))).catch(() => [])).toEqual([]);

    expect((await put(owner, target, jpeg)).status).toBe(201);
    expect((await put(owner, target, jpeg)).status).toBe(409);
    expect((await normalize(owner, target.rawPath)).status).toBe(200);
    expect((await put(owner, target, jpeg)).status).toBe(409);
  });

  it("keeps only the first of two uploads racing with one URL, whole", async () => {
    const target = await uploadUrl(owner);
    const jpeg = await JPEG;
    const [a, b] = [heldBody(jpeg.subarray(0, 10)), heldBody(jpeg.subarray(0, 10))];
    const responses = [put(owner, target, a.body), put(owner, target, b.body)];
    // Both are past the URL's check and writing when the first finishes.
    const folder = path.join(site.root, "raw", "image", String(owner.id));
    await vi.waitFor(async () => {
      expect((await readdir(folder)).filter((name) => name.endsWith(".part"))).toHaveLength(2);
    }, 15_000);
    a.finish(jpeg.subarray(10));
    expect((await responses[0])?.status).toBe(201);
    b.finish(new Uint8Array(5));
    expect((await responses[1])?.status).toBe(409);
    expect(await readdir(folder)).toEqual([path.basename(target.rawPath)]);
    expect((await readFile(path.join(folder, path.basename(target.rawPath)))).equals(jpeg)).toBe(true);
    expect((await normalize(owner, target.rawPath)).status).toBe(200);
  });

  it("is the admin's who asked for it: another admin can neither send nor normalise the file", async () => {
    const target = await uploadUrl(owner);
    expect((await put(other, target, await JPEG)).status).toBe(403);
    expect((await put(owner, target, await JPEG)).status).toBe(201);
    expect((await normalize(other, target.rawPath)).status).toBe(404);
    expect((await normalize(owner, target.rawPath)).status).toBe(200);
  });
});

describe("asking for upload URLs", () => {
  let rowsWritten: () => Promise<number>;
  beforeAll(async () => {
    rowsWritten = await countWrites(site.handle);
  });

  // A page could make every admin's browser ask (an image or a theme pointing here): each
  // answer is signed, never recorded.
  it.each([
    ["local", () => site.local],
    ["S3", () => site.s3],
  ] as const)("writes nothing to any table, with the %s store", async (_, store) => {
    useObjectStore(store());
    const before = await rowsWritten();
    for (const type of ["image/jpeg", "video/mp4", "text/vtt"]) {
      const res = await call(uploadUrlRoute, owner, `/api/objects/upload-url?contentType=${type}`);
      expect(res.status).toBe(200);
    }
    expect(await rowsWritten()).toBe(before);
  });
});
