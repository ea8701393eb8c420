import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, endpoints, type Endpoint } from "../../../tests/api-routes.ts";
import { insertPost } from "../../../tests/factories.ts";
import { adminSite } from "../../../tests/setup/admin-site.ts";
import { fillArchiveSite, putSiteUploads } from "../../../tests/setup/archive-site.ts";
import { queuedJobs } from "../../../tests/setup/queued-jobs.ts";
import { useJobSender } from "@/lib/job-registry";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import { verifyArchive } from "./verify-archive.server";

const site = adminSite();
let dir: string;
let scratch: string;
const systemTemp = process.env.TMPDIR;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-download-"));
  // Archives keep their rows in the system's temporary folder: here, one this file alone watches.
  scratch = path.join(dir, "tmp");
  await mkdir(scratch);
  process.env.TMPDIR = scratch;
  useJobSender(queuedJobs(site.handle).sender);
  const store: ObjectStore = new LocalStore(path.join(dir, "uploads"), site.handle.db);
  useObjectStore(store);
  await putSiteUploads(store);
  await fillArchiveSite(site.handle.db, site.admin.id);
  // A large file, so a download is still being made when its first bytes arrive.
  const big = path.join(dir, "big.bin");
  await writeFile(big, Buffer.alloc(16 * 1024 * 1024, 7));
  await store.put("images/big.webp", big, "image/webp");
  await insertPost(site.handle.db, { title: "Large", imageUrl: "/uploads/images/big.webp" });
});
afterAll(async () => {
  // Files after this one in the worker get the process as it was.
  if (systemTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemp;
  useObjectStore(undefined);
  useJobSender(undefined);
  await rm(dir, { recursive: true, force: true });
});

const route = endpoints.find((e) => e.method === "POST" && e.path === "/api/data/archive") as Endpoint;

const download = (body: string, contentType = "application/json") =>
  callEndpoint(route, { user: site.admin, params: {}, body, contentType });

async function saved(response: Response): Promise<string> {
  const file = path.join(dir, `${crypto.randomUUID()}.zip`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return file;
}

const openFiles = async () => (await readdir("/proc/self/fd")).length;

describe("POST /api/data/archive", () => {
  it("streams the whole site as a zip attachment named for the site and the day", async () => {
    const response = await download(JSON.stringify({ personalData: false }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="[a-z0-9-]+-${day}\\.zip"$`),
    );
    const manifest = await verifyArchive(await saved(response));
    expect(manifest.personalData).toBe(false);
    expect(manifest.files.map((f) => f.path)).toContain("uploads/images/big.webp");
    expect(await readdir(scratch)).toEqual([]);
  });

  it("takes the admin page's form: personal data only when the owner answered yes", async () => {
    const response = await download("personalData=yes", "application/x-www-form-urlencoded");
    expect(response.headers.get("Content-Disposition")).toMatch(/-with-personal-data\.zip"$/);
    const manifest = await verifyArchive(await saved(response));
    expect(manifest.files.map((f) => f.path)).toContain("personal/users.jsonl");
  });

  it("asks for the answer rather than assuming one", async () => {
    const unanswered = await download("", "application/x-www-form-urlencoded");
    expect(unanswered.status).toBe(303);
    expect(unanswered.headers.get("Location")).toBe("/admin/data?download=unanswered");
    const json = await download("{}");
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ field: "personalData" });
  });

  it("starts answering before the archive is made, one at a time, and lets go of everything when the client hangs up", async () => {
    const before = await openFiles();
    const response = await download(JSON.stringify({ personalData: false }));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    // Still being made: its rows wait in the scratch folder until the last byte is out.
    expect(await readdir(scratch)).toHaveLength(1);

    const second = await download(JSON.stringify({ personalData: false }));
    expect(second.status).toBe(429);
    expect(second.headers.get("Retry-After")).toBe("30");

    await reader.cancel();
    await expect.poll(() => readdir(scratch)).toEqual([]);
    await expect.poll(openFiles).toBeLessThanOrEqual(before);
    const again = await download(JSON.stringify({ personalData: false }));
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });
});
