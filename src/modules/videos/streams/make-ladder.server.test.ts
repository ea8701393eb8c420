import { execFile, spawn } from "node:child_process";
import { chmod, copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../../db/client.ts";
import { videos, videoStreams } from "../../../../db/schema/index.ts";
import { insertVideo } from "../../../../tests/factories.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "../../../../tests/setup/fake-s3.ts";
import { createTestDb } from "../../../../tests/setup/test-db.ts";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { S3Store } from "@/modules/uploads/s3-store.server";
import { findFfmpeg, type Ffmpeg } from "./ffmpeg.server";
import { prepareStreams, type LadderSite } from "./make-ladder.server";
import { streamOf } from "./stream-rows.server";
import { streamStatus } from "./stream-status.server";

const run = promisify(execFile);
// Each test runs ffmpeg for real, a few times, at the lowest priority: on a busy machine that
// takes far longer than a query does.
const SLOW = { timeout: 180_000 };
const S3 = {
  bucket: "meh-streams",
  region: "eu-west-1",
  accessKeyId: "AKIDSTREAMS",
  secretAccessKey: "streams-secret",
};

let handle: DbHandle;
let folder: string;
let ffmpeg: Ffmpeg;
let fake: FakeS3;
const stores: Record<"local" | "s3", ObjectStore> = {} as never;

/** Clips already made, by size and codec: each is encoded once, then copied for each test. */
const made = new Map<string, Promise<string>>();

/**
 * A two-second clip of `width`×`height` with a tone, as an upload would arrive, at `name`.
 * Encoded fast, as the test needs a file of the right kind and size, not a good picture.
 */
async function clip(name: string, size: string, codec: string[] = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]) {
  const kind = [size, ...codec].join(" ");
  let source = made.get(kind);
  if (!source) {
    const file = path.join(folder, `made-${String(made.size)}.mp4`);
    const fast = codec.includes("libx264") ? ["-preset", "ultrafast"] : [];
    source = run("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=2`],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2", ...codec, ...fast, "-c:a", "aac", "-shortest", file],
    ]).then(() => file);
    made.set(kind, source);
  }
  const file = path.join(folder, name);
  await copyFile(await source, file);
  return file;
}

/** A video whose file is `file`, stored as an upload is. */
async function uploaded(store: ObjectStore, file: string) {
  const key = `videos/${path.basename(file)}`;
  await store.put(key, file, "video/mp4");
  return insertVideo(handle.db, { videoUrl: `/uploads/${key}` });
}

const site = (
  store: ObjectStore,
  signal = new AbortController().signal,
  found: Ffmpeg | null = ffmpeg,
): LadderSite => ({
  db: handle.db,
  store,
  ffmpeg: found,
  workDir: path.join(folder, "transcode"),
  signal,
});

/** The URIs a playlist lists, in order. */
const listed = (playlist: string) => playlist.split("\n").filter((line) => line && !line.startsWith("#"));

async function text(store: ObjectStore, key: string): Promise<string> {
  const bytes = await store.read(key);
  if (!bytes) throw new Error(`${key} is not stored`);
  return new TextDecoder().decode(bytes);
}

/** Every file the ladder at `masterUrl` names, read back from the store, and the master playlist itself. */
async function ladderAt(store: ObjectStore, masterUrl: string) {
  const base = masterUrl.replace(/^\/uploads\//, "").replace(/master\.m3u8$/, "");
  const master = await text(store, `${base}master.m3u8`);
  const files: string[] = [];
  for (const rung of listed(master)) {
    const playlist = await text(store, base + rung);
    const folderOf = base + rung.slice(0, rung.lastIndexOf("/") + 1);
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    for (const file of [init, ...listed(playlist)]) {
      expect(await store.size(folderOf + String(file)), folderOf + String(file)).toBeGreaterThan(0);
      files.push(folderOf + String(file));
    }
  }
  return { master, files };
}

beforeAll(async () => {
  handle = await createTestDb();
  folder = await mkdtemp(path.join(os.tmpdir(), "meh-streams-"));
  const found = await findFfmpeg("ffmpeg");
  if (!found) throw new Error("These tests need ffmpeg (Debian's package; .ci/run installs it).");
  ffmpeg = found;
  fake = await startFakeS3(S3);
  stores.local = new LocalStore(path.join(folder, "uploads"), handle.db);
  stores.s3 = new S3Store(fakeS3Settings(fake, S3));
});
afterAll(async () => {
  await fake.close();
  await handle.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("with the %s store", SLOW, (driver) => {
  it("turns a 720p upload into a ladder of 360p and 720p, the top rung repackaged, and puts it on the video", async () => {
    const store = stores[driver];
    const video = await uploaded(store, await clip(`hd-${driver}.mp4`, "1280x720"));

    await prepareStreams(site(store));

    const [row] = await handle.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.streamUrl).toMatch(new RegExp(`^/uploads/streams/${String(video.id)}/[0-9a-f]{16}/master\\.m3u8$`));
    const { master, files } = await ladderAt(store, String(row?.streamUrl));
    expect(master).toMatch(/^#EXTM3U/);
    expect([...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual(["640x360", "1280x720"]);
    expect(files.filter((f) => f.endsWith(".m4s")).length).toBeGreaterThanOrEqual(2);
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toEqual({
      status: "done",
      progress: 1,
      reason: null,
      repackaged: true,
    });
    // The work folder is gone with the attempt.
    expect(await readdir(path.join(folder, "transcode"))).toEqual([]);
  });
});

describe("the ladder", SLOW, () => {
  const store = () => stores.local;

  it("is encoded whole from a file browsers cannot play as is, and never taller than the upload", async () => {
    const video = await uploaded(store(), await clip("odd.mp4", "854x480", ["-c:v", "mpeg4"]));
    await prepareStreams(site(store()));
    const [row] = await handle.db.select().from(videos).where(eq(videos.id, video.id));
    const { master } = await ladderAt(store(), String(row?.streamUrl));
    expect([...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual(["640x360", "854x480"]);
    expect((await streamOf(handle.db, video.id))?.repackaged).toBe(false);
  });

  it("is not made for an upload that is already one small stream: the mp4 plays as before", async () => {
    const video = await uploaded(store(), await clip("small.mp4", "640x360"));
    await prepareStreams(site(store()));
    expect((await handle.db.select().from(videos).where(eq(videos.id, video.id)))[0]?.streamUrl).toBeNull();
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toMatchObject({ status: "skipped", reason: /already/ });
  });

  it("records why, and stores nothing, when the file is no video", async () => {
    const junk = path.join(folder, "junk.mp4");
    await writeFile(junk, "not a video at all");
    const video = await uploaded(store(), junk);
    await prepareStreams(site(store()));
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toMatchObject({ status: "failed" });
    expect((await streamOf(handle.db, video.id))?.files).toEqual([]);
  });

  it("follows the video's file: a new file takes the old ladder off the page, and the next run replaces its files", async () => {
    const video = await uploaded(store(), await clip("first.mp4", "1280x720"));
    await prepareStreams(site(store()));
    const first = (await streamOf(handle.db, video.id))?.files ?? [];
    expect(first.length).toBeGreaterThan(0);

    const second = await clip("second.mp4", "1280x720");
    await store().put("videos/second.mp4", second, "video/mp4");
    await handle.db.update(videos).set({ videoUrl: "/uploads/videos/second.mp4" }).where(eq(videos.id, video.id));
    expect((await handle.db.select().from(videos).where(eq(videos.id, video.id)))[0]?.streamUrl).toBeNull();
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toMatchObject({ status: "queued" });

    await prepareStreams(site(store()));
    for (const key of first) expect(await store().size(key)).toBeNull();
    const [row] = await handle.db.select().from(videos).where(eq(videos.id, video.id));
    expect((await ladderAt(store(), String(row?.streamUrl))).files.length).toBeGreaterThan(0);
  });

  it("is removed with its video", async () => {
    const video = await uploaded(store(), await clip("gone.mp4", "1280x720"));
    await prepareStreams(site(store()));
    const files = (await streamOf(handle.db, video.id))?.files ?? [];
    await handle.db.delete(videos).where(eq(videos.id, video.id));
    await prepareStreams(site(store()));
    for (const key of files) expect(await store().size(key)).toBeNull();
    expect(await handle.db.select().from(videoStreams).where(eq(videoStreams.sourceUrl, video.videoUrl))).toEqual([]);
  });
});

describe("a transcode cut short", SLOW, () => {
  const store = () => stores.local;

  it("by a stop ends ffmpeg at once, keeps no file, and waits to be made whole by the next run", async () => {
    const video = await uploaded(store(), await clip("stopped.mp4", "1280x720"));
    // An ffmpeg that says it began, then would take a minute.
    const slow = path.join(folder, "slow-ffmpeg");
    await writeFile(slow, "#!/bin/sh\necho out_time_us=1000000\nexec sleep 60\n");
    await chmod(slow, 0o755);
    const stopping = new AbortController();
    const making = prepareStreams(site(store(), stopping.signal, { ...ffmpeg, ffmpeg: slow }));
    await vi.waitFor(async () => {
      expect((await streamOf(handle.db, video.id))?.progress).toBeGreaterThan(0);
    }, SLOW);
    stopping.abort(new Error("stopping"));
    await making;
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toMatchObject({ status: "queued", progress: 0 });
    expect((await streamOf(handle.db, video.id))?.files).toEqual([]);
    expect(await readdir(path.join(folder, "transcode"))).toEqual([]);

    await prepareStreams(site(store()));
    expect(await streamStatus(handle.db, video.id, ffmpeg)).toMatchObject({ status: "done" });
  });

  it("by a crash leaves a half ladder that the next run removes before it makes a whole one", async () => {
    const video = await uploaded(store(), await clip("crashed.mp4", "1280x720"));
    // The process that held it has ended, as a killed site's has.
    const ended = spawn("true");
    await new Promise((resolve) => ended.on("close", resolve));
    const half = [`streams/${String(video.id)}/deadbeefdeadbeef/360p/seg0.m4s`];
    const scrap = path.join(folder, "scrap.m4s");
    await writeFile(scrap, "half a segment");
    for (const key of half) await store().put(key, scrap, "video/iso.segment");
    await handle.db.insert(videoStreams).values({
      videoId: video.id,
      sourceUrl: video.videoUrl,
      status: "running",
      progress: 0.4,
      prefix: `streams/${String(video.id)}/deadbeefdeadbeef`,
      files: half,
      holder: `${os.hostname()}:${String(ended.pid)}`,
    });

    await prepareStreams(site(store()));

    for (const key of half) expect(await store().size(key)).toBeNull();
    const [row] = await handle.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.streamUrl).not.toContain("deadbeef");
    expect((await ladderAt(store(), String(row?.streamUrl))).files.length).toBeGreaterThan(0);
  });

  it("is not taken while its process lives: one transcode at a time", async () => {
    const video = await uploaded(store(), await clip("busy.mp4", "1280x720"));
    // Another process of this machine, alive: the test runner's parent.
    const [row] = await handle.db
      .insert(videoStreams)
      .values({
        videoId: video.id,
        sourceUrl: video.videoUrl,
        status: "running",
        holder: `${os.hostname()}:${String(process.ppid)}`,
      })
      .returning();
    const other = await uploaded(store(), await clip("waiting.mp4", "1280x720"));
    await prepareStreams(site(store()));
    expect(await streamStatus(handle.db, other.id, ffmpeg)).toMatchObject({ status: "queued" });
    await handle.db.delete(videoStreams).where(eq(videoStreams.id, row?.id ?? 0));
    await prepareStreams(site(store()));
    expect(await streamStatus(handle.db, other.id, ffmpeg)).toMatchObject({ status: "done" });
  });
});

describe("without ffmpeg", SLOW, () => {
  it("is not found where it is not, nor when it is off", async () => {
    expect(await findFfmpeg(path.join(folder, "no-such-ffmpeg"))).toBeNull();
    expect(await findFfmpeg(undefined)).toBeNull();
  });

  it("makes no ladder, and the manager says why; the video plays its mp4", async () => {
    const video = await uploaded(stores.local, await clip("plain.mp4", "1280x720"));
    await prepareStreams(site(stores.local, undefined, null));
    expect(await streamOf(handle.db, video.id)).toBeUndefined();
    expect((await handle.db.select().from(videos).where(eq(videos.id, video.id)))[0]?.streamUrl).toBeNull();
    expect(await streamStatus(handle.db, video.id, null)).toEqual({
      status: "unavailable",
      progress: 0,
      reason: "ffmpeg is not installed on the server",
      repackaged: false,
    });
  });
});
