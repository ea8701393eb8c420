// Archiving a big site, as a backup or "Download everything" does: the 10,000-post site of
// `big-site.ts`, and the sample site with 1 GB of uploads beside it. Each is archived to a
// file by a process of its own, which reports how long it took, how long the snapshot held
// the database, the archive's size, how long verifying it took, and how far the process's
// resident memory grew above where it stood with the database open (the bound for
// streamed media: 50 MB).
//
//   tsx bench/archive-site.ts                 (npm run bench runs it too)
//   BENCH_DATABASE_URL=postgres://… tsx bench/archive-site.ts   (PostgreSQL rows too)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { createDb } from "../db/client.ts";
import { verifyArchive } from "../src/modules/archive/verify-archive.server.ts";
import { openArchive } from "../src/modules/archive/write-archive.server.ts";
import { LocalStore } from "../src/modules/uploads/local-store.server.ts";
import type { ObjectStore } from "../src/modules/uploads/object-store.server.ts";
import { S3Store } from "../src/modules/uploads/s3-store.server.ts";
import type { S3Settings } from "../src/lib/settings.server.ts";
import { fakeS3Settings, startFakeS3 } from "../tests/setup/fake-s3.ts";
import { insertPost } from "../tests/factories.ts";
import { growBigSite } from "./big-site.ts";
import { fmt } from "./measure.ts";
import { BENCH_DATABASE_URL, freshDatabase } from "./scale.ts";

// The measuring process runs this file: `process.argv[1]` is whatever script imported it, and
// `npm run bench` spawned itself, a whole bench again, for every row.
const THIS_FILE = fileURLToPath(import.meta.url);

const POSTS = 10_000;
/** The media set: this many files of `MEDIA_FILE_BYTES`, each a post's image. */
const MEDIA_FILES = 64;
const MEDIA_FILE_BYTES = 16 * 1024 ** 2;
/** The bound on memory growth while media stream into an archive. */
export const MEMORY_BOUND_MB = 50;

type Engine = "PGlite" | "PostgreSQL";
type SiteKind = "posts" | "media";
/** Where the uploads are: the local folder, or a bucket (a fake S3 on loopback, in the parent). */
type StoreKind = "local" | "s3";

interface ArchiveFigures {
  ms: number;
  readMs: number;
  bytes: number;
  files: number;
  verifyMs: number;
  /** The first archive after the database opened. */
  firstRssGrowthMb: number;
  rssGrowthMb: number;
}

export interface ArchiveRow extends ArchiveFigures {
  engine: Engine;
  kind: SiteKind;
  store: StoreKind;
  site: string;
}

/** What `work` returns, and how far the process's resident memory rose above where it stood before it. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    return { result, growthMb: (Math.max(peak, process.memoryUsage.rss()) - baseline) / 1024 ** 2 };
  } finally {
    clearInterval(sampler);
  }
}

/** In the measuring process: archive the site in `dataDir` (or at `url`) to a file, then verify it. */
async function archiveOnce(dataDir: string, url: string | undefined, s3?: S3Settings): Promise<ArchiveFigures> {
  const handle = createDb(url ?? path.join(dataDir, "db"));
  const store: ObjectStore = s3 ? new S3Store(s3) : new LocalStore(path.join(dataDir, "uploads"), handle.db);
  const file = path.join(dataDir, "bench-archive.zip");
  const archiveTo = async (target: string) => {
    const archive = await openArchive(handle.db, {
      personalData: true,
      store,
      engine: handle.engine,
      software: { name: "bench", version: "0" },
      scratchDir: dataDir,
    });
    await pipeline(archive.stream, createWriteStream(target));
    return { readMs: archive.readMs, manifest: await archive.done };
  };
  try {
    // The first archive after the database opens, thrown away: the embedded engine's memory
    // grows once as it reads every table. The second is timed and written, as a backup on a
    // site that has run is.
    await handle.db.execute(sql`select 1`);
    const first = await peakGrowth(() => archiveTo(os.devNull));
    const started = performance.now();
    const second = await peakGrowth(() => archiveTo(file));
    const ms = performance.now() - started;
    const { readMs, manifest } = second.result;
    const verifyStarted = performance.now();
    await verifyArchive(file);
    return {
      ms,
      readMs,
      bytes: (await stat(file)).size,
      files: manifest.files.length,
      verifyMs: performance.now() - verifyStarted,
      firstRssGrowthMb: first.growthMb,
      rssGrowthMb: second.growthMb,
    };
  } finally {
    await handle.close();
  }
}

/** The sample site with `MEDIA_FILES` uploads of random bytes (nothing compresses them), each a post's image. */
async function addMedia(dataDir: string, db: Parameters<typeof insertPost>[0], store: ObjectStore): Promise<void> {
  const file = path.join(dataDir, "media.bin");
  for (let n = 0; n < MEDIA_FILES; n++) {
    await writeFile(file, randomBytes(MEDIA_FILE_BYTES));
    const key = `images/bench-media-${String(n)}.jpg`;
    await store.put(key, file, "image/jpeg");
    await insertPost(db, { title: `A large picture ${String(n)}`, imageUrl: `/uploads/${key}` });
  }
  rmSync(file);
}

const BUCKET = { bucket: "meh-bench", region: "eu-west-3", accessKeyId: "AKIDBENCH", secretAccessKey: "bench-secret" };

/** Makes the site, then archives it in a process of its own so its memory is the archive's alone. */
async function measure(engine: Engine, kind: SiteKind, storeKind: StoreKind = "local"): Promise<ArchiveRow> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-bench-archive-"));
  const database =
    engine === "PostgreSQL" && BENCH_DATABASE_URL
      ? await freshDatabase(BENCH_DATABASE_URL, "meh_bench_archive")
      : undefined;
  // The bucket's bytes live in this process, so the measuring one holds only what it reads.
  const fake = storeKind === "s3" ? await startFakeS3(BUCKET) : undefined;
  const s3 = fake ? fakeS3Settings(fake, BUCKET) : undefined;
  try {
    const handle = createDb(database?.url ?? path.join(dataDir, "db"));
    try {
      if (kind === "posts") await growBigSite(handle, dataDir, { posts: POSTS, videos: POSTS / 10 });
      else {
        await growBigSite(handle, dataDir, { posts: 0, videos: 0 });
        const store = s3 ? new S3Store(s3) : new LocalStore(path.join(dataDir, "uploads"), handle.db);
        await addMedia(dataDir, handle.db, store);
      }
    } finally {
      await handle.close();
    }
    const figures = await inChild(dataDir, database?.url, s3);
    const site =
      kind === "posts"
        ? `${fmt(POSTS)} posts, ${fmt(POSTS / 10)} videos`
        : `sample site + ${fmt((MEDIA_FILES * MEDIA_FILE_BYTES) / 1024 ** 3, 1)} GB of uploads${s3 ? " in a bucket" : ""}`;
    return { engine, kind, store: storeKind, site, ...figures };
  } finally {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

function inChild(dataDir: string, url: string | undefined, s3: S3Settings | undefined): Promise<ArchiveFigures> {
  const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, "--measure", dataDir], {
    env: {
      ...process.env,
      ...(url ? { MEASURE_DATABASE_URL: url } : {}),
      ...(s3 ? { MEASURE_S3: JSON.stringify(s3) } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve(JSON.parse(out) as ArchiveFigures);
      else reject(new Error(`The archive's measuring process ended with ${String(code)}`));
    });
  });
}

/** Both sites on every engine there is. */
export async function archiveRows(): Promise<ArchiveRow[]> {
  const engines: Engine[] = BENCH_DATABASE_URL ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  const rows: ArchiveRow[] = [];
  for (const engine of engines) for (const kind of ["posts", "media"] as const) rows.push(await measure(engine, kind));
  // Media read from a bucket, once: the database plays no part in how they stream.
  rows.push(await measure("PGlite", "media", "s3"));
  return rows;
}

/** The section of results.md. */
export function archiveSection(rows: ArchiveRow[]): string[] {
  return [
    `## Archiving the site (a backup, or "Download everything" with personal data)`,
    ``,
    `Each archived twice by a process of its own: the first after the database opened, then again to a file (timed, verified). Memory growth is the peak resident memory above where it stood before that archive; the bound for streamed media, ${String(MEMORY_BOUND_MB)} MB, is for a site that has run. The first archive after the embedded database opens grows it once, as it reads every table.`,
    ``,
    `| engine | site | archive | snapshot held | size | files | verify | memory growth | first after opening |`,
    `|---|---|---|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.site} | ${fmt(r.ms / 1000, 1)} s | ${fmt(r.readMs / 1000, 1)} s | ${fmt(r.bytes / 1024 ** 2)} MB | ${fmt(r.files)} | ${fmt(r.verifyMs / 1000, 1)} s | ${fmt(r.rssGrowthMb, 1)} MB${r.kind === "posts" || r.rssGrowthMb <= MEMORY_BOUND_MB ? "" : " ✗"} | ${fmt(r.firstRssGrowthMb)} MB |`,
    ),
    ``,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] === "--measure") {
    const s3 = process.env.MEASURE_S3 ? (JSON.parse(process.env.MEASURE_S3) as S3Settings) : undefined;
    const figures = await archiveOnce(process.argv[3] ?? "", process.env.MEASURE_DATABASE_URL, s3);
    process.stdout.write(JSON.stringify(figures));
  } else {
    console.log(archiveSection(await archiveRows()).join("\n"));
  }
}
