import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectFile } from "./local-store.server";
import { contentTypeOf, serveFile } from "./serve-file.server";

let root: string;
let video: string;
const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "meh-serve-"));
  video = path.join(root, "clip.mp4");
  await writeFile(video, bytes);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function bodyOf(res: Response | null): Promise<Uint8Array> {
  if (!res) throw new Error("no response");
  return new Uint8Array(await res.arrayBuffer());
}

const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://site.test/uploads/clip.mp4", { method, headers });

describe("serveFile", () => {
  it("sends the whole file with its type, nosniff, a sandbox and a year of caching", async () => {
    const res = await serveFile(get(), video);
    expect(res?.status).toBe(200);
    expect(res?.headers.get("Content-Type")).toBe("video/mp4");
    expect(res?.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res?.headers.get("Content-Security-Policy")).toMatch(/^sandbox/);
    expect(res?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res?.headers.get("Accept-Ranges")).toBe("bytes");
    expect(await bodyOf(res)).toEqual(bytes);
  });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const res = await serveFile(get({ Range: "bytes=100-199" }), video);
    expect(res?.status).toBe(206);
    expect(res?.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(res?.headers.get("Content-Length")).toBe("100");
    expect(await bodyOf(res)).toEqual(bytes.subarray(100, 200));
  });

  it("answers an open-ended and a suffix range", async () => {
    expect((await serveFile(get({ Range: "bytes=990-" }), video))?.headers.get("Content-Range")).toBe(
      "bytes 990-999/1000",
    );
    expect((await serveFile(get({ Range: "bytes=-10" }), video))?.headers.get("Content-Range")).toBe(
      "bytes 990-999/1000",
    );
  });

  it("refuses a range past the end with 416", async () => {
    const res = await serveFile(get({ Range: "bytes=5000-6000" }), video);
    expect(res?.status).toBe(416);
    expect(res?.headers.get("Content-Range")).toBe("bytes */1000");
  });

  it("ignores a malformed range and a range for another version of the file", async () => {
    expect((await serveFile(get({ Range: "pages=1-2" }), video))?.status).toBe(200);
    expect((await serveFile(get({ Range: "bytes=0-1", "If-Range": '"old"' }), video))?.status).toBe(200);
  });

  it("answers 304 to a matching ETag and HEAD without a body", async () => {
    const etag = (await serveFile(get(), video))?.headers.get("ETag") ?? "";
    expect((await serveFile(get({ "If-None-Match": etag }), video))?.status).toBe(304);
    const head = await serveFile(get({}, "HEAD"), video);
    expect(head?.headers.get("Content-Length")).toBe("1000");
    expect(head?.body).toBeNull();
  });

  it("is null for a missing file or a directory", async () => {
    expect(await serveFile(get(), path.join(root, "nope.mp4"))).toBeNull();
    expect(await serveFile(get(), root)).toBeNull();
  });
});

describe("contentTypeOf", () => {
  it("names a streaming ladder's playlists and segments as players expect, and caches them like any upload", async () => {
    expect(contentTypeOf("streams/7/ab/master.m3u8")).toBe("application/vnd.apple.mpegurl");
    expect(contentTypeOf("streams/7/ab/720p/seg0.m4s")).toBe("video/iso.segment");
    expect(contentTypeOf("streams/7/ab/720p/init_1.mp4")).toBe("video/mp4");
    expect(contentTypeOf("notes.unknownext")).toBe("application/octet-stream");
    const playlist = path.join(root, "master.m3u8");
    await writeFile(playlist, "#EXTM3U\n");
    const res = await serveFile(new Request("http://site.test/uploads/master.m3u8"), playlist);
    expect(res?.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    // A ladder's files live under a folder made for it alone, so they never change either.
    expect(res?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("objectFile", () => {
  it("maps a key inside the store", () => {
    expect(objectFile("seed/clip.mp4", root)).toBe(path.join(root, "seed", "clip.mp4"));
  });

  it.each(["../etc/passwd", "seed/../../x", "/etc/passwd", "seed//x", "Seed/X.mp4", "", "seed/.hidden", "a\\b"])(
    "refuses %j",
    (key) => {
      expect(objectFile(key, root)).toBeNull();
    },
  );
});
