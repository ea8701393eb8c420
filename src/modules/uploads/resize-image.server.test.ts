import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { concat, media } from "../../../tests/media.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { APIContext } from "astro";
import { GET } from "@/image-endpoint";
import { resizedUrl } from "@/lib/image-url";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import { LocalStore } from "./local-store.server";
import type { ObjectStore } from "./object-store.server";
import { newRawKey } from "./upload-keys";

let handle: DbHandle;
let root: string;
let store: ObjectStore;

beforeAll(async () => {
  handle = await createTestDb();
  root = await mkdtemp(path.join(os.tmpdir(), "meh-resize-"));
  store = new LocalStore(root, handle.db);
  useObjectStore(store);
});
afterAll(async () => {
  useObjectStore(undefined);
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

/** Keep `bytes` in the store under `key`; the path a page would ask for it by. */
async function keep(key: string, bytes: Uint8Array | Promise<Uint8Array>): Promise<string> {
  const file = path.join(root, "source.bin");
  await writeFile(file, await bytes);
  await store.put(key, file, "application/octet-stream");
  return `/uploads/${key}`;
}

/** What the image endpoint answers for a URL; every answer, errors too, must be sandboxed data. */
async function get(url: string): Promise<Response> {
  const request = new Request(new URL(url, "http://site.test"));
  const res = await GET({ url: new URL(request.url), request, routePattern: "/_image" } as APIContext);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Content-Security-Policy")).toMatch(/^sandbox;/);
  return res;
}

describe("the image endpoint", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)("crops a %s to the size asked, as WebP", async (name) => {
    const href = await keep(`images/picture.${name}`, media[name]());
    const res = await get(resizedUrl(href, 2, 1));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    const out = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(out).toMatchObject({ format: "webp", width: 2, height: 1 });
  });

  it("resizes the sample content's images", async () => {
    const href = await keep("seed/cover.jpg", media.jpeg());
    expect((await get(resizedUrl(href, 32, 18))).status).toBe(200);
  });

  // Each is stored where an image would be, named as an image, so only the bytes tell.
  it.each(["svg", "html", "svgInFtyp", "svgAsBrands", "mp4", "pdf", "tiff"] as const)(
    "refuses a %s stored as an image with 415",
    async (name) => {
      const href = await keep(`images/not-${name.toLowerCase()}.png`, media[name]());
      const res = await get(resizedUrl(href, 32, 32));
      expect(res.status).toBe(415);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    },
  );

  it("refuses an image whose header is right but whose pixels cannot be decoded", async () => {
    const png = await media.png();
    const href = await keep("images/broken.png", concat(png.subarray(0, 40), new Uint8Array(200)));
    expect((await get(resizedUrl(href, 32, 32))).status).toBe(415);
  });

  it("never reads a raw upload, a video or anything outside the images", async () => {
    const raw = await keep(newRawKey("image", 1), media.png());
    const video = await keep("videos/clip.png", media.png());
    for (const href of [raw, video, "/etc/passwd", "/uploads/images/../raw/x", "https://evil.example/a.png"]) {
      const res = await get(resizedUrl(href, 32, 32));
      expect({ href, status: res.status }).toEqual({ href, status: 400 });
    }
  });

  it("produces only WebP, and only at sizes a page asks for", async () => {
    const href = encodeURIComponent(await keep("images/ok.png", media.png()));
    for (const query of [
      `href=${href}&w=32&h=32&f=svg`,
      `href=${href}&w=32&h=32&f=png`,
      `href=${href}&w=32&h=32&f=tiff`,
      `href=${href}&w=32&h=32`,
      `href=${href}&w=9000&h=32&f=webp`,
      `href=${href}&w=0&h=32&f=webp`,
      `href=${href}&f=webp`,
      `href=${href}&w=32&h=32&f=webp&fit=fill`,
    ]) {
      expect({ query, status: (await get(`/_image?${query}`)).status }).toEqual({ query, status: 400 });
    }
  });

  it("answers 404 for an image that is not there", async () => {
    expect((await get(resizedUrl("/uploads/images/nothing.png", 32, 32))).status).toBe(404);
  });
});
