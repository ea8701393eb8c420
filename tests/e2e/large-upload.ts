import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { multipartTargetSchema, partSize, type MultipartTarget } from "../../src/modules/uploads/contract";
import { concat, ftyp } from "../media";
import { signIn } from "./admin-helpers";

const MB = 1024 * 1024;

/** The SHA-256 of a file or of a response's body, read as a stream. */
async function sha256(source: NodeJS.ReadableStream | ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(source, hash);
  return hash.digest("hex");
}

/**
 * An MP4 of `size` bytes in a temporary folder: its `ftyp`, then an `mdat` running to the
 * end. It is sparse, so it costs no disk, but each megabyte starts with its own number, so
 * parts joined in the wrong order or lost give another hash.
 */
export async function largeVideo(size: number): Promise<{ file: string; sha256: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "meh-large-upload-"));
  const file = path.join(folder, "large.mp4");
  const handle = await open(file, "w");
  try {
    await handle.truncate(size);
    await handle.write(concat(ftyp("isom", "isom", "mp41"), Uint8Array.of(0, 0, 0, 0), "mdat"), 0, undefined, 0);
    for (let at = MB; at < size; at += MB) await handle.write(`megabyte ${at / MB}`, at);
  } finally {
    await handle.close();
  }
  return { file, sha256: await sha256(createReadStream(file)), remove: () => rm(folder, { recursive: true }) };
}

/** The SHA-256 of what the site serves at `url`, streamed. */
async function servedSha256(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status}`);
  return sha256(res.body);
}

/**
 * The browser's uploader for one file, in S3's multipart protocol, over the network with the
 * admin's session: each request signed by the site, then sent to the URL it signed (the
 * site's own endpoint, or the bucket). Parts are read from the file as they go, never whole.
 */
export async function multipartUpload(admin: APIRequestContext, origin: string, file: string, size: number) {
  const { cookies } = await admin.storageState();
  const session = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "), Origin: origin };
  const sign = async (step: string, ids: Record<string, string | number> = {}): Promise<MultipartTarget> => {
    const query = new URLSearchParams({ step, contentType: "video/mp4" });
    for (const [name, value] of Object.entries(ids)) query.set(name, String(value));
    const res = await fetch(`${origin}/api/objects/multipart-url?${query}`, { headers: session });
    return multipartTargetSchema.parse(await res.json());
  };
  const send = (target: MultipartTarget, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> }) =>
    fetch(new URL(target.url, origin), { ...init, headers: { ...session, ...target.headers, ...init.headers } });

  const created = await sign("create");
  const initiated = await (await send(created, { method: "POST" })).text();
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(initiated)?.[1] ?? "";
  const ids = { key: created.key, uploadId };
  const chunk = partSize(size);
  const handle = await open(file, "r");
  const bytesOf = async (partNumber: number) => {
    const start = (partNumber - 1) * chunk;
    const bytes = Buffer.alloc(Math.min(chunk, size - start));
    await handle.read(bytes, 0, bytes.length, start);
    return bytes;
  };

  return {
    rawPath: created.rawPath,
    parts: Math.ceil(size / chunk),
    /** Send part `partNumber`: its status and ETag. */
    async part(partNumber: number): Promise<{ status: number; etag: string }> {
      const res = await send(await sign("part", { ...ids, partNumber }), {
        method: "PUT",
        body: await bytesOf(partNumber),
      });
      await res.arrayBuffer();
      return { status: res.status, etag: (res.headers.get("ETag") ?? "").replace(/"/g, "") };
    },
    /** Start sending part `partNumber`, and cut the connection once half of it is on its way. */
    async cutPart(partNumber: number): Promise<void> {
      const bytes = await bytesOf(partNumber);
      const cut = new AbortController();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, bytes.length / 2));
        },
        // Asked for more once the first half is taken: the connection goes instead.
        pull() {
          cut.abort();
        },
      });
      const target = await sign("part", { ...ids, partNumber });
      // A stream body is sent as it is read ("half" duplex), which is what lets it break off.
      await send(target, { method: "PUT", body, signal: cut.signal, duplex: "half" } as RequestInit & {
        headers?: Record<string, string>;
      }).catch(() => undefined);
    },
    /** The parts the store holds, as ListParts tells them. */
    async list(): Promise<{ partNumber: number; etag: string }[]> {
      const xml = await (await send(await sign("list", ids), { method: "GET" })).text();
      return [...xml.matchAll(/<Part>[\s\S]*?<PartNumber>(\d+)<\/PartNumber>[\s\S]*?<ETag>([^<]+)<\/ETag>/g)].map(
        ([, number = "", etag = ""]) => ({ partNumber: Number(number), etag: etag.replace(/&quot;|"/g, "") }),
      );
    },
    async complete(parts: { partNumber: number; etag: string }[]): Promise<number> {
      const xml = parts.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>"${p.etag}"</ETag></Part>`);
      const res = await send(await sign("complete", ids), {
        method: "POST",
        headers: { "Content-Type": "application/xml" },
        body: `<CompleteMultipartUpload>${xml.join("")}</CompleteMultipartUpload>`,
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => handle.close(),
  };
}

/** How many parts the browser's uploader (Uppy's S3 plugin) sends at once: its default. */
const PARTS_AT_ONCE = 6;

/** Send parts `from` to `to`, each answered 200, a few at a time as the browser's uploader does. */
async function sendParts(upload: Awaited<ReturnType<typeof multipartUpload>>, from: number, to: number) {
  let next = from;
  const lane = async () => {
    for (let n = next++; n <= to; n = next++) expect((await upload.part(n)).status, `part ${String(n)}`).toBe(200);
  };
  await Promise.all(Array.from({ length: PARTS_AT_ONCE }, lane));
}

/**
 * Send a file as the browser's uploader does above 100 MB, cut the connection half-way
 * through the middle part, then resume as its retry does: list the parts the store holds,
 * send only the rest, complete, and normalise. The path the site serves the video at.
 */
async function sendCutAndResume(admin: APIRequestContext, origin: string, file: string, size: number) {
  const upload = await multipartUpload(admin, origin, file, size);
  try {
    const middle = Math.ceil(upload.parts / 2);
    await sendParts(upload, 1, middle - 1);
    await upload.cutPart(middle);
    const held = await upload.list();
    expect(held.map((p) => p.partNumber)).toEqual(Array.from({ length: middle - 1 }, (_, i) => i + 1));
    await sendParts(upload, middle, upload.parts);
    const parts = await upload.list();
    expect(parts).toHaveLength(upload.parts);
    expect(await upload.complete(parts)).toBe(200);
  } finally {
    await upload.close();
  }
  const normalized = await admin.post("/api/objects/normalize", { data: { rawPath: upload.rawPath } });
  expect(normalized.status()).toBe(200);
  return ((await normalized.json()) as { normalizedPath: string }).normalizedPath;
}

/**
 * A video of `size` bytes sent as `sendCutAndResume` does, then read back from where the
 * site serves it: the same bytes, by their hash. The file is removed after.
 */
export async function expectKeptWhole(admin: APIRequestContext, origin: string, size: number): Promise<void> {
  const video = await largeVideo(size);
  try {
    const normalizedPath = await sendCutAndResume(admin, origin, video.file, size);
    expect(normalizedPath).toMatch(/^\/uploads\/videos\/[a-z0-9]{26}\.mp4$/);
    expect(await servedSha256(origin + normalizedPath)).toBe(video.sha256);
  } finally {
    await video.remove();
  }
}

// A multipart upload's requests, to the site's own endpoint (whose signed policy names the
// part) or to a bucket (whose URL does): a part, and the parts' listing.
const isMultipart = (url: URL) => url.pathname === "/api/objects/multipart" || url.searchParams.has("uploadId");
const isPart = (url: URL, method: string) => method === "PUT" && isMultipart(url);
const isListing = (url: URL, method: string) => method === "GET" && isMultipart(url);

/**
 * Upload a video of `size` bytes (above 100 MB) through the video dialog's upload button,
 * cut the connection once a few parts are there until the dialog offers Retry, then retry:
 * the upload completes, having listed the parts the store held and sent each part once.
 */
export async function expectResumedInTheBrowser(page: Page, size: number): Promise<void> {
  const parts = Math.ceil(size / partSize(size));
  const video = await largeVideo(size);
  try {
    await signIn(page);
    await page.goto("/admin/videos");
    await page.getByRole("button", { name: "New Video" }).click();
    const dialog = page.getByRole("dialog", { name: "New video" });
    const sent: string[] = [];
    let listed = 0;
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (isPart(url, request.method())) sent.push(url.search);
      if (isListing(url, request.method())) listed++;
    });

    const opener = dialog.getByRole("button", { name: "Upload video" });
    await opener.click();
    const uppy = opener.locator("xpath=following-sibling::div[1]");
    await uppy.locator(".uppy-Dashboard-input").first().setInputFiles(video.file);
    await uppy.getByRole("button", { name: /Upload 1 file/ }).click();
    // Part by part, the dialog tells how far it is.
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(4);
    await expect(uppy.getByRole("progressbar").first()).toBeVisible();

    // The connection drops: every part sent now is cut, the uploader's own retries too.
    await page.route(isMultipart, (route) =>
      isPart(new URL(route.request().url()), route.request().method())
        ? route.abort("connectionreset")
        : route.continue(),
    );
    const retry = uppy.getByRole("button", { name: "Retry" });
    await expect(retry.first()).toBeVisible({ timeout: 60_000 });
    await page.unroute(isMultipart);

    await retry.first().click();
    const toast = page.getByRole("status").filter({ hasText: "Video has been uploaded successfully" });
    await expect(toast).toBeVisible({ timeout: 60_000 });
    // Resumed from what the store had: it was asked, and no part that reached it was sent
    // again (a part cut as it ended may have reached it unseen), where starting over would
    // have sent every part anew.
    expect(listed).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(parts);
    await expect(dialog.getByRole("group", { name: "Video file" })).toContainText(
      /\/uploads\/videos\/[a-z0-9]{26}\.mp4/,
    );
  } finally {
    await video.remove();
  }
}
