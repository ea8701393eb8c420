import { createHash } from "node:crypto";
import { readdir, utimes } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { concat, ftyp } from "../../../tests/media.ts";
import { call, normalize, other, owner, uploadSite } from "../../../tests/setup/upload-site.ts";
import type { SessionUser } from "@/lib/session-user";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import * as multipartRoute from "@/pages/api/objects/multipart";
import { GET as multipartUrlRoute } from "@/pages/api/objects/multipart-url";
import { multipartTargetSchema, type MultipartTarget } from "./contract";
import { namedParts } from "./s3-xml";
import { ABANDONED_AFTER_MS } from "./upload-claims.server";

// A multipart upload as the browser's uploader sends it, through the routes: each request
// signed by `GET /api/objects/multipart-url`, then sent to the site's own multipart endpoint
// (the local store) or to the bucket (S3), in S3's protocol either way. The whole 600 MB
// journey, with a dropped connection: tests/e2e/uploads-large.test.ts.

const MB = 1024 * 1024;
const site = uploadSite();
afterAll(() => {
  useObjectStore(undefined);
});

/** An MP4 of `size` bytes: its `ftyp`, then an `mdat` running to the end, of numbered bytes. */
function video(size: number): Uint8Array<ArrayBuffer> {
  const head = concat(ftyp("isom", "isom", "mp41"), Uint8Array.of(0, 0, 0, 0), "mdat");
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7) & 0xff;
  bytes.set(head);
  return bytes;
}

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

type Step = "create" | "part" | "list" | "complete" | "abort";

/** Ask, as `user`, for the signed URL of one step. */
async function sign(
  user: SessionUser,
  step: Step,
  ids: { key?: string; uploadId?: string; partNumber?: number } = {},
  contentType = "video/mp4",
): Promise<Response> {
  const query = new URLSearchParams({ step, contentType });
  for (const [name, value] of Object.entries(ids)) query.set(name, String(value));
  return call(multipartUrlRoute, user, `/api/objects/multipart-url?${query}`);
}

const target = async (res: Response): Promise<MultipartTarget> => multipartTargetSchema.parse(await res.json());

/** The S3 requests of one upload, to whichever store the URLs point at, as the browser makes them. */
function uploader(user: SessionUser) {
  // A site URL goes to the route, as Astro would hand it over; a bucket's, over the network.
  const send = (url: string, init: { method: string; body?: BodyInit; headers?: Record<string, string> }) => {
    if (!url.startsWith("/")) return fetch(url, { ...init, duplex: "half" } as RequestInit);
    const route = multipartRoute[init.method as keyof typeof multipartRoute];
    return call(route, user, url, init);
  };
  let key = "";
  let uploadId = "";
  return {
    get key() {
      return key;
    },
    async create(): Promise<MultipartTarget> {
      const signed = await target(await sign(user, "create"));
      const res = await send(signed.url, { method: "POST" });
      expect(res.status).toBe(200);
      key = signed.key;
      uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())?.[1] ?? "";
      return signed;
    },
    async part(partNumber: number, body: BodyInit): Promise<Response> {
      const signed = await target(await sign(user, "part", { key, uploadId, partNumber }));
      return send(signed.url, { method: "PUT", body });
    },
    async list(): Promise<{ partNumber: number; etag: string }[] | number> {
      const res = await send((await target(await sign(user, "list", { key, uploadId }))).url, { method: "GET" });
      if (res.status !== 200) return res.status;
      // ListParts' parts have the shape CompleteMultipartUpload names them by.
      const listed = (await res.text()).replace("<ListPartsResult", "<CompleteMultipartUpload");
      return namedParts(listed.slice(listed.indexOf("<CompleteMultipartUpload"))) ?? [];
    },
    async complete(parts: { partNumber: number; etag: string }[]): Promise<Response> {
      const signed = await target(await sign(user, "complete", { key, uploadId }));
      const xml = parts.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${p.etag}</ETag></Part>`);
      return send(signed.url, {
        method: "POST",
        headers: { "Content-Type": "application/xml" },
        body: `<CompleteMultipartUpload>${xml.join("")}</CompleteMultipartUpload>`,
      });
    },
    async abort(): Promise<Response> {
      return send((await target(await sign(user, "abort", { key, uploadId }))).url, { method: "DELETE" });
    },
  };
}

/** A body that breaks off after its first bytes, as a dropped connection does. */
const brokenBody = (first: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      controller.error(new Error("connection reset"));
    },
  });

describe.each([
  ["the local store", () => site.local],
  ["S3", () => site.s3],
] as const)("a multipart upload to %s", (_, store) => {
  beforeAll(() => {
    useObjectStore(store());
  });

  it("takes parts, lists them to resume after a dropped part, and joins them into the file normalize keeps", async () => {
    const file = video(11 * MB);
    const [first, second, last] = [file.subarray(0, 5 * MB), file.subarray(5 * MB, 10 * MB), file.subarray(10 * MB)];
    const upload = uploader(owner);
    const { rawPath } = await upload.create();
    expect(rawPath).toMatch(/^\/uploads\/raw\/video\/\d+\/[a-z0-9]{26}$/);
    expect(await upload.list()).toEqual([]);
    expect((await upload.part(1, first)).headers.get("ETag")).toBe(`"${md5(first)}"`);
    // The connection drops half-way through part 2: the bucket keeps nothing of it.
    await upload.part(2, brokenBody(second.subarray(0, MB))).catch(() => undefined);
    expect(await upload.list()).toEqual([{ partNumber: 1, etag: md5(first) }]);
    // Resumed: only the missing parts are sent.
    expect((await upload.part(2, second)).status).toBe(200);
    expect((await upload.part(3, last)).status).toBe(200);
    const parts = await upload.list();
    expect(parts).toEqual([first, second, last].map((bytes, i) => ({ partNumber: i + 1, etag: md5(bytes) })));
    expect((await upload.complete(parts as { partNumber: number; etag: string }[])).status).toBe(200);

    const res = await normalize(owner, rawPath);
    expect(res.status).toBe(200);
    const { normalizedPath } = (await res.json()) as { normalizedPath: string };
    expect(normalizedPath).toMatch(/^\/uploads\/videos\/[a-z0-9]{26}\.mp4$/);
    const kept = await store().read(normalizedPath.slice("/uploads/".length));
    expect(kept && md5(kept)).toBe(md5(file));
  });

  it("refuses to join parts not sent, out of order, or under 5 MB before the last, and keeps nothing", async () => {
    const file = video(6 * MB);
    const upload = uploader(owner);
    const { rawPath } = await upload.create();
    const [small, rest] = [file.subarray(0, MB), file.subarray(MB)];
    await upload.part(1, small);
    await upload.part(2, rest);
    const [a, b] = [
      { partNumber: 1, etag: md5(small) },
      { partNumber: 2, etag: md5(rest) },
    ];
    for (const parts of [
      [{ ...a, etag: md5(rest) }, b],
      [b, a],
      [a, b],
      [a, { ...b, partNumber: 3 }],
    ]) {
      expect((await upload.complete(parts)).status).toBe(400);
    }
    expect((await normalize(owner, rawPath)).status).toBe(404);
    // Sent again as one part, the same upload completes.
    await upload.part(1, file);
    expect((await upload.complete([{ partNumber: 1, etag: md5(file) }])).status).toBe(200);
    expect((await normalize(owner, rawPath)).status).toBe(200);
  });

  it("is dropped, parts and all, when aborted", async () => {
    const upload = uploader(owner);
    const { rawPath } = await upload.create();
    await upload.part(1, video(MB));
    expect((await upload.abort()).status).toBe(204);
    expect(await upload.list()).toBe(404);
    expect((await upload.part(2, video(MB))).status).toBe(404);
    expect((await normalize(owner, rawPath)).status).toBe(404);
  });

  it("signs steps only for the admin the upload's key was handed to, and only for its kind", async () => {
    const upload = uploader(owner);
    await upload.create();
    expect((await sign(other, "list", { key: upload.key, uploadId: "x" })).status).toBe(404);
    expect((await sign(owner, "list", { key: upload.key, uploadId: "x" }, "image/png")).status).toBe(400);
    expect((await sign(owner, "part", { key: upload.key, uploadId: "x", partNumber: 10_001 })).status).toBe(400);
    expect((await sign(owner, "list", { key: "images/elsewhere.jpg", uploadId: "x" })).status).toBe(404);
  });
});

describe("the local store's multipart endpoint", () => {
  beforeAll(() => {
    useObjectStore(site.local);
  });

  it("refuses a request whose URL it did not sign, or signed for another admin, with 403", async () => {
    const upload = uploader(owner);
    await upload.create();
    const { url } = await target(await sign(owner, "list", { key: upload.key, uploadId: "a".repeat(26) }));
    expect((await call(multipartRoute.GET, other, url)).status).toBe(403);
    const forged = url.replace(/signature=[^&]+/, "signature=AAAA");
    expect((await call(multipartRoute.GET, owner, forged)).status).toBe(403);
    // A URL signed to list the parts cannot send one.
    expect((await call(multipartRoute.PUT, owner, url, { method: "PUT", body: video(MB) })).status).toBe(400);
  });

  it("refuses with 413 a part that takes the file past its kind's limit, and keeps the parts before", async () => {
    const uploadImage = async () => {
      const signed = await target(await sign(owner, "create", {}, "image/png"));
      const res = await call(multipartRoute.POST, owner, signed.url, { method: "POST" });
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())?.[1] ?? "";
      const put = async (partNumber: number, body: Uint8Array<ArrayBuffer>) => {
        const url = (await target(await sign(owner, "part", { key: signed.key, uploadId, partNumber }, "image/png")))
          .url;
        return call(multipartRoute.PUT, owner, url, { method: "PUT", body });
      };
      return put;
    };
    const put = await uploadImage();
    // Images are at most 5 MB.
    expect((await put(1, new Uint8Array(4 * MB))).status).toBe(200);
    expect((await put(2, new Uint8Array(2 * MB))).status).toBe(413);
    expect((await put(2, new Uint8Array(MB))).status).toBe(200);
    // Part 1 sent again in place of the first: the room is what the other parts leave.
    expect((await put(1, new Uint8Array(4 * MB + 1))).status).toBe(413);
  });

  it("answers 404, never a 500, for a part still arriving when its upload is aborted", async () => {
    const upload = uploader(owner);
    await upload.create();
    let finish = (): void => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(video(MB));
        finish = () => {
          controller.enqueue(video(MB));
          controller.close();
        };
      },
    });
    const arriving = upload.part(1, body);
    const folder = path.join(site.root, path.dirname(upload.key));
    const [parts = ""] = (await readdir(folder)).filter((name) => name.startsWith(path.basename(upload.key)));
    // The part is being written when the upload goes.
    await vi.waitFor(async () => {
      expect((await readdir(path.join(folder, parts))).some((name) => name.endsWith(".partial"))).toBe(true);
    });
    expect((await upload.abort()).status).toBe(204);
    finish();
    expect((await arriving).status).toBe(404);
  });

  it("drops the parts of an upload nothing was added to for a day, and keeps an upload in progress", async () => {
    const [stale, fresh] = [uploader(owner), uploader(owner)];
    await stale.create();
    await stale.part(1, video(MB));
    await fresh.create();
    await fresh.part(1, video(MB));
    const folder = path.join(site.root, path.dirname(stale.key));
    const partsOf = async (key: string) =>
      (await readdir(folder)).filter((name) => name.startsWith(`${path.basename(key)}.`));
    const [staleFolder] = await partsOf(stale.key);
    const dayAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    // The part's own time does not matter: the folder's says when a part last arrived.
    for (const name of await readdir(path.join(folder, staleFolder ?? ""))) {
      await utimes(path.join(folder, staleFolder ?? "", name), dayAgo, dayAgo);
    }
    await utimes(path.join(folder, staleFolder ?? ""), dayAgo, dayAgo);
    await site.local.dropAbandoned();
    expect(await partsOf(stale.key)).toEqual([]);
    expect(await partsOf(fresh.key)).toHaveLength(1);
    expect(await fresh.list()).toHaveLength(1);
  });
});

describe("S3's abandoned multipart uploads", () => {
  it("are aborted by the sweep once a day old, and left alone before", async () => {
    useObjectStore(site.s3);
    const upload = uploader(owner);
    await upload.create();
    await upload.part(1, video(MB));
    await site.s3.dropAbandoned(Date.now());
    expect(await upload.list()).toHaveLength(1);
    await site.s3.dropAbandoned(Date.now() + ABANDONED_AFTER_MS + 60_000);
    expect(await upload.list()).toBe(404);
  });
});
