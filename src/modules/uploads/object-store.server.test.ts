import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { media } from "../../../tests/media.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../tests/setup/fake-s3.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { DomainError } from "@/lib/errors";
import { MAX_BYTES, type UploadKind, type UploadTarget } from "./contract";
import { LocalStore } from "./local-store.server";
import { normalizeUpload } from "./normalize-upload.server";
import type { ObjectStore } from "./object-store.server";
import { S3Store } from "./s3-store.server";
import { ABANDONED_AFTER_MS } from "./upload-claims.server";
import { newRawKey, newUpload } from "./upload-keys";

const S3 = { bucket: "meh-media", region: "eu-west-3", accessKeyId: "AKIDTEST", secretAccessKey: "s3cr3t-for-tests" };
const JPEG = media.jpeg();

let fake: FakeS3;
let handle: DbHandle;
let root: string;
let s3: S3Store;
let owner: number;
const stores: Record<string, () => ObjectStore> = {};

beforeAll(async () => {
  fake = await startFakeS3(S3);
  handle = await createTestDb();
  const [user] = await handle.db.insert(users).values({ username: "uploader", passwordHash: "x" }).returning();
  owner = user?.id ?? 0;
  root = await mkdtemp(path.join(os.tmpdir(), "meh-store-"));
  s3 = new S3Store(fakeS3Settings(fake, S3));
  stores.local = () => new LocalStore(root, handle.db);
  stores.s3 = () => s3;
});
afterAll(async () => {
  await fake.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

async function putBytes(store: ObjectStore, key: string, bytes: Uint8Array | Promise<Uint8Array>): Promise<void> {
  const file = path.join(root, "source.bin");
  await writeFile(file, await bytes);
  await store.put(key, file, "application/octet-stream");
}

/** A raw key handed to the owner, as the upload URL hands it out. */
const TYPES = { image: "image/png", video: "video/mp4", captions: "text/vtt" } as const satisfies Record<
  UploadKind,
  string
>;
const granted = (kind: UploadKind) => newUpload(TYPES[kind], owner).key;

/** Normalise as the owner does. */
const normalize = (store: ObjectStore, rawPath: string) => normalizeUpload(handle.db, store, rawPath, owner);

const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://site.test/uploads/x", { method, headers });

describe.each(["local", "s3"])("the %s object store", (name) => {
  const store = () => stores[name]?.() as ObjectStore;
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);

  it("stores, measures, reads and serves an object with ranges and validators", async () => {
    await putBytes(store(), "videos/clip.mp4", bytes);
    expect(await store().size("videos/clip.mp4")).toBe(1000);
    expect(new Uint8Array(await store().head("videos/clip.mp4", 4))).toEqual(bytes.subarray(0, 4));
    expect(new Uint8Array((await store().read("videos/clip.mp4")) ?? [])).toEqual(bytes);

    const whole = await store().serve(request(), "videos/clip.mp4");
    expect(whole?.status).toBe(200);
    expect(whole?.headers.get("Content-Type")).toBe("video/mp4");
    expect(whole?.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(whole?.headers.get("Content-Security-Policy")).toMatch(/^sandbox/);
    expect(whole?.headers.get("Cache-Control")).toContain("immutable");
    expect(new Uint8Array(await (whole as Response).arrayBuffer())).toEqual(bytes);

    const part = await store().serve(request({ Range: "bytes=100-199" }), "videos/clip.mp4");
    expect(part?.status).toBe(206);
    expect(part?.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await (part as Response).arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const outside = await store().serve(request({ Range: "bytes=5000-" }), "videos/clip.mp4");
    expect(outside?.status).toBe(416);
    expect(outside?.headers.get("Content-Range")).toBe("bytes */1000");

    const etag = whole?.headers.get("ETag") ?? "";
    const unchanged = await store().serve(request({ "If-None-Match": etag }), "videos/clip.mp4");
    expect(unchanged?.status).toBe(304);
    const head = await store().serve(request({}, "HEAD"), "videos/clip.mp4");
    expect(head?.headers.get("Content-Length")).toBe("1000");

    // Every answer is data, never a document, whatever its status.
    for (const res of [whole, part, outside, unchanged, head]) {
      expect(res?.headers.get("X-Content-Type-Options"), String(res?.status)).toBe("nosniff");
      expect(res?.headers.get("Content-Security-Policy"), String(res?.status)).toMatch(/^sandbox;/);
    }
  });

  it("streams an object with its size, a chunk at a time", async () => {
    const large = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256);
    await putBytes(store(), "videos/long.mp4", large);
    const streamed = await store().stream("videos/long.mp4");
    expect(streamed?.size).toBe(large.length);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed?.body ?? []) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(large);
  });

  it("answers null for missing objects and for keys it could never have made", async () => {
    expect(await store().size("images/nothing.png")).toBeNull();
    expect(await store().read("images/nothing.png")).toBeNull();
    expect(await store().serve(request(), "images/nothing.png")).toBeNull();
    expect(await store().stream("images/nothing.png")).toBeNull();
    for (const key of ["../etc/passwd", "images/../../x", "/etc/passwd", "Images/X.png"]) {
      expect(await store().size(key)).toBeNull();
      expect(await store().serve(request(), key)).toBeNull();
      expect(await store().stream(key)).toBeNull();
    }
  });

  it("normalises a raw upload by its bytes, and deletes what it refuses", async () => {
    const good = granted("image");
    await putBytes(store(), good, JPEG);
    const servedPath = await normalize(store(), `/uploads/${good}`);
    expect(servedPath).toBe(`/uploads/images/${good.slice(good.lastIndexOf("/") + 1)}.jpg`);
    expect(await store().size(good)).toBeNull();
    const served = await store().serve(request(), servedPath.slice("/uploads/".length));
    expect(served?.headers.get("Content-Type")).toBe("image/jpeg");

    const svg = granted("image");
    await putBytes(store(), svg, media.svg());
    await expect(normalize(store(), `/uploads/${svg}`)).rejects.toMatchObject({ code: "unsupported_type" });
    expect(await store().size(svg)).toBeNull();

    const big = granted("image");
    await putBytes(store(), big, Buffer.concat([await JPEG, Buffer.alloc(MAX_BYTES.image)]));
    await expect(normalize(store(), `/uploads/${big}`)).rejects.toMatchObject({ code: "too_large" });
    expect(await store().size(big)).toBeNull();

    // Captions are valid WebVTT up to 1 MB; one byte more is refused by its size, not read.
    const cue = "00:00.000 --> 00:01.000\nMeh.\n\n";
    const longCaptions = `WEBVTT\n\n${cue.repeat(Math.ceil(MAX_BYTES.captions / cue.length))}`;
    const captions = granted("captions");
    await putBytes(store(), captions, Buffer.from(longCaptions));
    await expect(normalize(store(), `/uploads/${captions}`)).rejects.toMatchObject({
      code: "too_large",
      message: "The file is larger than 1 MB",
    });
    expect(await store().size(captions)).toBeNull();

    for (const path of ["/uploads/images/seed.jpg", "https://evil.example/raw/x", `/uploads/${svg}/../x`]) {
      await expect(normalize(store(), path)).rejects.toBeInstanceOf(DomainError);
    }
    await expect(normalize(store(), `/uploads/${granted("video")}`)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it.each([
    ["an MP4", "image", media.mp4, "Expected an image, but this file is a video"],
    ["a JPEG", "video", media.jpeg, "Expected a video, but this file is an image"],
  ] as const)("refuses %s uploaded as %s, and deletes it", async (_, kind, file, message) => {
    const key = granted(kind);
    await putBytes(store(), key, file());
    await expect(normalize(store(), `/uploads/${key}`)).rejects.toMatchObject({
      code: "unsupported_type",
      message,
    });
    expect(await store().size(key)).toBeNull();
  });

  it.each(["heic", "mov", "m4a", "svgInFtyp"] as const)("refuses a %s file, and deletes it", async (name) => {
    for (const kind of ["image", "video"] as const) {
      const key = granted(kind);
      await putBytes(store(), key, media[name]());
      await expect(normalize(store(), `/uploads/${key}`)).rejects.toMatchObject({ code: "unsupported_type" });
      expect(await store().size(key)).toBeNull();
    }
  });
});

describe("the local store", () => {
  it("drops uploads left unnormalised for a day when swept, and leaves them alone when handing out a URL", async () => {
    const store = new LocalStore(root, handle.db);
    const [stale, fresh] = [newRawKey("image", owner), newRawKey("video", owner)];
    await putBytes(store, stale, Buffer.from("abandoned"));
    await putBytes(store, fresh, Buffer.from("in progress"));
    const dayAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    await utimes(store.file(stale), dayAgo, dayAgo);
    // A GET changes nothing, files included.
    await store.uploadTarget(newUpload("image/png", owner));
    expect(await store.size(stale)).toBe(9);
    await store.dropAbandoned();
    expect(await store.size(stale)).toBeNull();
    expect(await store.size(fresh)).toBe(11);
  });
});

/** Send a file as a browser does with S3's presigned POST (Uppy's form, file last). */
async function post(
  target: Pick<UploadTarget, "method" | "url" | "fields">,
  file: Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...target.fields, ...fields })) form.set(k, v);
  form.set("file", new Blob([file]));
  return fetch(target.url, { method: target.method, body: form });
}

describe("uploads to S3", () => {
  it("go to the bucket itself with a presigned POST fixing key, type and size", async () => {
    const upload = newUpload("image/jpeg", owner);
    const { key } = upload;
    const target = await s3.uploadTarget(upload);
    expect(target).toMatchObject({ method: "POST", url: `${fake.url}/${S3.bucket}`, headers: {} });
    expect(target.fields).toMatchObject({ key, "Content-Type": "image/jpeg", success_action_status: "201" });
    const res = await post(target, await JPEG);
    expect(res.status).toBe(201);
    expect(fake.objects.get(key)?.type).toBe("image/jpeg");
    expect(await normalize(s3, `/uploads/${key}`)).toMatch(/^\/uploads\/images\/[a-z0-9]{26}\.jpg$/);
  });

  it("hold an MP4 sent through an image upload's POST to the image kind, so normalize refuses it", async () => {
    const upload = newUpload("image/png", owner);
    expect(upload.key).toMatch(/^raw\/image\//);
    expect((await post(await s3.uploadTarget(upload), await media.mp4())).status).toBe(201);
    await expect(normalize(s3, `/uploads/${upload.key}`)).rejects.toMatchObject({ code: "unsupported_type" });
    expect(fake.objects.has(upload.key)).toBe(false);
  });

  it("are refused by the bucket when too large, empty, of another type or to another key", async () => {
    const upload = { ...newUpload("image/png", owner), maxBytes: 1000 };
    const { key } = upload;
    const target = await s3.uploadTarget(upload);
    expect((await post(target, new Uint8Array(1001))).status).toBe(400);
    expect((await post(target, new Uint8Array(0))).status).toBe(400);
    expect((await post(target, new Uint8Array(10), { "Content-Type": "text/html" })).status).toBe(403);
    expect((await post(target, new Uint8Array(10), { key: "images/replaced.png" })).status).toBe(403);
    expect((await post(target, new Uint8Array(10), { acl: "public-read" })).status).toBe(403);
    expect([...fake.objects.keys()]).not.toContain(key);
    expect([...fake.objects.keys()]).not.toContain("images/replaced.png");
  });

  it("are refused once the policy has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 16 * 60 * 1000 });
    const target = await s3.uploadTarget({ ...newUpload("image/png", owner), maxBytes: 1000 });
    vi.useRealTimers();
    expect((await post(target, new Uint8Array(10))).status).toBe(403);
  });

  it("cannot be signed with another secret", async () => {
    const forger = new S3Store(fakeS3Settings(fake, { ...S3, secretAccessKey: "guessed" }));
    const target = await forger.uploadTarget(newUpload("image/png", owner));
    expect((await post(target, new Uint8Array(10))).status).toBe(403);
    await expect(forger.size("images/anything.png")).rejects.toThrow();
  });
});
