import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIContext, APIRoute } from "astro";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { concat, media } from "../../../tests/media.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../tests/setup/fake-s3.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { countWrites } from "../../../tests/setup/write-counter.ts";
import { ensureSigningKeys } from "@/lib/signing.server";
import { useDatabase } from "@/lib/site-database.server";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import type { SessionUser } from "@/lib/session-user";
import { POST as normalizeRoute } from "@/pages/api/objects/normalize";
import { PUT as uploadRoute } from "@/pages/api/objects/upload";
import { GET as uploadUrlRoute } from "@/pages/api/objects/upload-url";
import { uploadTargetSchema, type UploadTarget } from "./contract";
import { LocalStore } from "./local-store.server";
import type { ObjectStore } from "./object-store.server";
import { S3Store } from "./s3-store.server";

// The upload calls as the upload island makes them, through the routes, on each engine.

const S3 = { bucket: "meh-flow", region: "eu-west-3", accessKeyId: "AKIDFLOW", secretAccessKey: "flow-secret" };
const JPEG = media.jpeg();

// The sample content's photos are all JPEGs; the other formats are one of them re-encoded.
const PHOTO = "content/media/posts/a-field-guide-to-puddles-cover.jpg";
const photoAs = async (format: "png" | "gif" | "webp" | "avif") =>
  sharp(await readFile(PHOTO))
    .resize({ width: 320 })
    .toFormat(format)
    .toBuffer();

/** The photo with its headers whole, so its type and size read fine, but its picture data noise. */
async function jpegWithGarbageBody(): Promise<Uint8Array> {
  const jpeg = await readFile(PHOTO);
  const scanHeader = jpeg.indexOf(Uint8Array.of(0xff, 0xda));
  const scanData = scanHeader + 2 + jpeg.readUInt16BE(scanHeader + 2);
  const noise = Uint8Array.from({ length: jpeg.length - scanData - 2 }, (_, i) => (i * 2654435761) >>> 24);
  return concat(jpeg.subarray(0, scanData), noise, Uint8Array.of(0xff, 0xd9));
}

/** The photo as a GIF, broken off half-way as an interrupted download leaves it. */
const truncatedGif = async () => {
  const gif = await photoAs("gif");
  return gif.subarray(0, Math.floor(gif.length / 2));
};

/** Two frames of the photo, the second upside down, as an animated GIF. */
async function animatedGif(): Promise<Uint8Array> {
  const frame = sharp(await readFile(PHOTO)).resize({ width: 160, height: 90 });
  const frames = await Promise.all([frame.clone().toBuffer(), frame.clone().rotate(180).toBuffer()]);
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

let handle: DbHandle;
let fake: FakeS3;
let root: string;
let local: LocalStore;
let s3: S3Store;
const owner: SessionUser = { id: 0, username: "owner", role: "admin" };
const other: SessionUser = { id: 0, username: "other-admin", role: "admin" };

beforeAll(async () => {
  handle = await createTestDb();
  for (const user of [owner, other]) {
    const [row] = await handle.db
      .insert(users)
      .values({ username: user.username, passwordHash: "x", role: "admin" })
      .returning();
    user.id = row?.id ?? 0;
  }
  fake = await startFakeS3(S3);
  root = await mkdtemp(path.join(os.tmpdir(), "meh-flow-"));
  local = new LocalStore(root, handle.db);
  s3 = new S3Store(fakeS3Settings(fake, S3));
  useDatabase(handle);
  // As at start.
  await ensureSigningKeys(handle.db);
});
afterAll(async () => {
  await fake.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

/** Call a route as `user`, as Astro would. */
function call(
  route: APIRoute,
  user: SessionUser,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Response> {
  const href = new URL(url, "http://site.test");
  const request = new Request(href, { ...init, duplex: "half" } as RequestInit);
  const context = { request, url: href, params: {}, locals: { user }, clientAddress: "192.0.2.20" };
  return route(context as unknown as APIContext) as Promise<Response>;
}

async function uploadUrl(user: SessionUser, contentType = "image/jpeg"): Promise<UploadTarget> {
  const res = await call(uploadUrlRoute, user, `/api/objects/upload-url?contentType=${contentType}`);
  return uploadTargetSchema.parse(await res.json());
}

const put = (user: SessionUser, target: UploadTarget, body: BodyInit, type = "image/jpeg") =>
  call(uploadRoute, user, target.url, { method: "PUT", headers: { "Content-Type": type }, body });

const normalize = (user: SessionUser, rawPath: string) =>
  call(normalizeRoute, user, "/api/objects/normalize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rawPath }),
  });

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
    useObjectStore(local);
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
    expect(await readdir(path.join(root, "raw", "image", String(owner.id))).catch(() => [])).toEqual([]);
    expect((await put(owner, target, jpeg)).status).toBe(201);
    expect((await normalize(owner, target.rawPath)).status).toBe(200);
  });

  it("is used up only by a file received whole, so a refused or broken upload can be sent again", async () => {
    const target = await uploadUrl(owner);
    const jpeg = await JPEG;
    expect((await put(owner, target, jpeg, "image/png")).status).toBe(415);
    expect((await put(owner, target, brokenBody(jpeg.subarray(0, 100)))).status).toBe(400);
    expect((await put(owner, target, new Uint8Array())).status).toBe(400);
    expect(await readdir(path.join(root, "raw", "image", String(owner.id))).catch(() => [])).toEqual([]);

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
    const folder = path.join(root, "raw", "image", String(owner.id));
    await vi.waitFor(async () => {
      expect((await readdir(folder)).filter((name) => name.endsWith(".part"))).toHaveLength(2);
    });
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

describe.each([
  ["local", () => local],
  ["S3", () => s3],
] as const)("normalising with the %s store", (_, store: () => ObjectStore) => {
  beforeAll(() => {
    useObjectStore(store());
  });

  /** An upload handed to the owner whose file is in the store, as after a successful upload. */
  async function uploaded(bytes: Uint8Array | Promise<Uint8Array> = JPEG): Promise<string> {
    const file = path.join(root, "upload.jpg");
    await writeFile(file, await bytes);
    return uploadedFile(file);
  }

  /** A file sent through an upload URL for `contentType`, not yet normalised: its raw path. */
  async function uploadedFile(file: string, contentType = "image/jpeg"): Promise<string> {
    const { rawPath } = await uploadUrl(owner, contentType);
    await store().put(rawPath.slice("/uploads/".length), file, contentType);
    return rawPath;
  }

  it("lets exactly one of ten calls at once through; the others get 404 or 409, never a 500", async () => {
    const rawPath = await uploaded();
    const responses = await Promise.all(Array.from({ length: 10 }, () => normalize(owner, rawPath)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 404 && status !== 409)).toEqual([]);
    const winner = responses.find((res) => res.status === 200);
    const { normalizedPath } = (await winner?.json()) as { normalizedPath: string };
    expect(await store().size(normalizedPath.slice("/uploads/".length))).toBe((await JPEG).length);
  });

  it("refuses another admin with 404, and takes the owner's call after", async () => {
    const rawPath = await uploaded();
    expect((await normalize(other, rawPath)).status).toBe(404);
    expect((await normalize(owner, rawPath)).status).toBe(200);
  });

  it("never normalises a key twice, so a file sent to it again cannot replace the first", async () => {
    const rawPath = await uploaded();
    const first = await normalize(owner, rawPath);
    const { normalizedPath } = (await first.json()) as { normalizedPath: string };
    // Another JPEG, which would be kept under the same name.
    await store().put(rawPath.slice("/uploads/".length), PHOTO, "image/jpeg");
    expect((await normalize(owner, rawPath)).status).toBe(409);
    expect(await store().size(normalizedPath.slice("/uploads/".length))).toBe((await JPEG).length);
  });

  it("answers 404 for an upload whose file has not arrived, and still takes it once it has", async () => {
    const { rawPath } = await uploadUrl(owner);
    expect((await normalize(owner, rawPath)).status).toBe(404);
    const file = path.join(root, "late.jpg");
    await writeFile(file, await JPEG);
    await store().put(rawPath.slice("/uploads/".length), file, "image/jpeg");
    expect((await normalize(owner, rawPath)).status).toBe(200);
  });

  it.each([
    ["a sample JPEG", () => readFile(PHOTO)],
    ["a sample photo as PNG", () => photoAs("png")],
    ["a sample photo as GIF", () => photoAs("gif")],
    ["a sample photo as WebP", () => photoAs("webp")],
    ["a sample photo as AVIF", () => photoAs("avif")],
    ["an animated GIF", animatedGif],
  ])("takes %s", async (_, file) => {
    const bytes = await file();
    const res = await normalize(owner, await uploaded(bytes));
    expect(res.status).toBe(200);
    const { normalizedPath } = (await res.json()) as { normalizedPath: string };
    expect(await store().size(normalizedPath.slice("/uploads/".length))).toBe(bytes.length);
  });

  it("takes WebVTT captions through their own URL, and serves them from the captions folder", async () => {
    const rawPath = await uploadedFile("content/media/videos/ceiling-tiles-ranked.vtt", "text/vtt");
    expect(rawPath).toMatch(/^\/uploads\/raw\/captions\//);
    const res = await normalize(owner, rawPath);
    expect(res.status).toBe(200);
    const { normalizedPath } = (await res.json()) as { normalizedPath: string };
    expect(normalizedPath).toMatch(/^\/uploads\/captions\/[a-z0-9]+\.vtt$/);
  });

  it.each([
    [
      "captions whose cue ends before it starts",
      "WEBVTT\n\n00:02.000 --> 00:01.000\nBackwards\n",
      "Line 3: End timestamp is not greater than start timestamp.",
    ],
    [
      "captions with a broken timing line",
      "WEBVTT\n\n00:00.000 -> 00:01.000\nHello\n",
      "Line 4: Cue identifier needs to be followed by timestamp.",
    ],
  ])("refuses %s with 415 naming the line, and deletes them", async (_, text, why) => {
    const file = path.join(root, "captions.vtt");
    await writeFile(file, text);
    const rawPath = await uploadedFile(file, "text/vtt");
    const res = await normalize(owner, rawPath);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: "unsupported_type",
      field: "rawPath",
      error: `This is not a valid WebVTT file. ${why}`,
    });
    expect(await store().size(rawPath.slice("/uploads/".length))).toBeNull();
  });

  it("refuses an image sent as captions, and captions sent as an image", async () => {
    expect(await (await normalize(owner, await uploadedFile(PHOTO, "text/vtt"))).json()).toMatchObject({
      error: "Expected a WebVTT captions file, but this file is an image",
    });
    const vttFile = path.join(root, "captions.vtt");
    await writeFile(vttFile, "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
    expect(await (await normalize(owner, await uploadedFile(vttFile))).json()).toMatchObject({
      error: "Expected an image, but this file is a WebVTT captions file",
    });
  });

  it.each([
    ["a JPEG whose picture data is garbage", jpegWithGarbageBody],
    ["a truncated GIF", truncatedGif],
  ])("refuses %s with 415 naming rawPath, and deletes it", async (_, file) => {
    const rawPath = await uploaded(file());
    const res = await normalize(owner, rawPath);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: "unsupported_type",
      field: "rawPath",
      error: "This image could not be read: the file is damaged, incomplete or has too many pixels",
    });
    expect(await store().size(rawPath.slice("/uploads/".length))).toBeNull();
  });
});

describe("asking for upload URLs", () => {
  let rowsWritten: () => Promise<number>;
  beforeAll(async () => {
    rowsWritten = await countWrites(handle);
  });

  // A page could make every admin's browser ask (an image or a theme pointing here): each
  // answer is signed, never recorded.
  it.each([
    ["local", () => local],
    ["S3", () => s3],
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
