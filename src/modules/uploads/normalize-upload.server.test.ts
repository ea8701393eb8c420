import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concat, media } from "../../../tests/media.ts";
import { normalize, other, owner, uploadSite, uploadUrl } from "../../../tests/setup/upload-site.ts";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import type { ObjectStore } from "./object-store.server";

// Normalising an upload as the upload island asks for it, through the route, on each store:
// which files are kept, which are refused, and that each is taken once.

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

const site = uploadSite();
// Files after this one in the worker get the settings' store again.
afterAll(() => {
  useObjectStore(undefined);
});

describe.each([
  ["local", () => site.local],
  ["S3", () => site.s3],
] as const)("normalising with the %s store", (_, store: () => ObjectStore) => {
  beforeAll(() => {
    useObjectStore(store());
  });

  /** An upload handed to the owner whose file is in the store, as after a successful upload. */
  async function uploaded(bytes: Uint8Array | Promise<Uint8Array> = JPEG): Promise<string> {
    const file = path.join(site.root, "upload.jpg");
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
    const file = path.join(site.root, "late.jpg");
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
    const file = path.join(site.root, "captions.vtt");
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
    const vttFile = path.join(site.root, "captions.vtt");
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
