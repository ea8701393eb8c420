import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeZip } from "../../../tests/setup/zip-files.ts";
import { ARCHIVE_FORMAT, FORMAT_VERSION, type Manifest } from "./archive-format";
import { DEFAULT_LIMITS, verifyArchive } from "./verify-archive.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "meh-verify-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A manifest listing `files` as they are. */
function manifestOf(files: Map<string, Buffer>, changes: Partial<Manifest> = {}): Manifest {
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: FORMAT_VERSION,
    software: { name: "meh-moments", version: "0.1.0" },
    createdAt: "2026-11-28T10:00:00.000Z",
    database: { engine: "embedded", migrations: 24, lastMigration: "0023_post_format" },
    personalData: false,
    tables: { posts: 1 },
    files: [...files].map(([name, bytes]) => ({ path: name, bytes: bytes.length, sha256: sha256(bytes) })),
    missingUploads: [],
    leftOut: [],
    ...changes,
  };
}

const SITE = () =>
  new Map([
    ["posts/on-kettles.md", Buffer.from("---\ntitle: On Kettles\n---\nIt sat there.")],
    ["uploads/images/cover.webp", randomBytes(4096)],
  ]);

/** Write a zip of `files` and a manifest (theirs unless given; none for null) to a new file. */
async function archive(files: Map<string, Buffer>, manifest: unknown = manifestOf(files), compress = true) {
  const file = path.join(dir, `${crypto.randomUUID()}.zip`);
  const all = new Map(files);
  if (manifest !== null) all.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  await writeZip(file, all, compress);
  return file;
}

/** The same bytes with every `from` replaced by `to` (the same length): a name in both of a file's headers. */
async function renamed(file: string, from: string, to: string): Promise<string> {
  const bytes = await readFile(file);
  const changed = Buffer.from(bytes.toString("latin1").replaceAll(from, to), "latin1");
  const out = path.join(dir, `${crypto.randomUUID()}.zip`);
  await writeFile(out, changed);
  return out;
}

/** The offset of the central directory record of the file named `name`. */
function centralRecord(bytes: Buffer, name: string): number {
  for (let at = bytes.indexOf(0x02014b50 & 0xff); at >= 0; at = bytes.indexOf(0x50, at + 1)) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) continue;
    const length = bytes.readUInt16LE(at + 28);
    if (bytes.toString("utf8", at + 46, at + 46 + length) === name) return at;
  }
  throw new Error(`no central record for ${name}`);
}

const refusal = (file: string, limits = DEFAULT_LIMITS) => verifyArchive(file, limits).then(() => "accepted", String);

describe("verifyArchive", () => {
  it("accepts a sound archive and gives back its manifest", async () => {
    const files = SITE();
    expect(await verifyArchive(await archive(files))).toEqual(manifestOf(files));
  });

  it("names the file whose bytes changed after the manifest was written", async () => {
    const files = SITE();
    const manifest = manifestOf(files);
    const tampered = Buffer.from(files.get("uploads/images/cover.webp") ?? []);
    tampered[100] = (tampered[100] ?? 0) ^ 0xff;
    files.set("uploads/images/cover.webp", tampered);
    expect(await refusal(await archive(files, manifest, false))).toMatch(
      /uploads\/images\/cover\.webp does not match its SHA-256 in the manifest/,
    );
    files.set("posts/on-kettles.md", Buffer.from("---\ntitle: On Kettles\n---\nIt boiled."));
    expect(await refusal(await archive(files, manifest))).toMatch(/posts\/on-kettles\.md declares 36 bytes/);
  });

  it("refuses a file named outside the archive, relative or absolute", async () => {
    const files = SITE();
    files.set("aa/evil.txt", Buffer.from("x"));
    const zip = await archive(files);
    expect(await refusal(await renamed(zip, "aa/evil.txt", "../evil.txt"))).toMatch(
      /names a file outside itself: \.\.\/evil\.txt/,
    );
    expect(await refusal(await renamed(zip, "aa/evil.txt", "/a/evil.txt"))).toMatch(
      /names a file outside itself: \/a\/evil\.txt/,
    );
  });

  it("refuses a zip bomb: too many files, too many bytes, a file longer than it declares, files that overlap", async () => {
    const zeros = new Map([["analytics/pages.jsonl", Buffer.alloc(2 * 1024 * 1024)]]);
    const bomb = await archive(zeros);
    expect(await refusal(bomb, { ...DEFAULT_LIMITS, maxTotalBytes: 1024 * 1024 })).toMatch(
      /would unpack to more than 1048576 bytes/,
    );
    expect(await refusal(bomb, { ...DEFAULT_LIMITS, maxEntries: 1 })).toMatch(/holds 2 files, more than the 1/);

    // The central directory says 1,000 bytes (so does the manifest); the data inflates to 2 MB.
    const bytes = await readFile(
      await archive(zeros, manifestOf(new Map([["analytics/pages.jsonl", Buffer.alloc(1000)]]))),
    );
    bytes.writeUInt32LE(1000, centralRecord(bytes, "analytics/pages.jsonl") + 24);
    const liar = path.join(dir, "liar.zip");
    await writeFile(liar, bytes);
    expect(await refusal(liar)).toMatch(/analytics\/pages\.jsonl cannot be read as it declares/);

    // A second name for the first file's data: the entries claim more bytes than the archive has.
    const big = new Map([
      ["uploads/videos/a.mp4", randomBytes(64 * 1024)],
      ["uploads/videos/b.mp4", Buffer.from("b")],
    ]);
    const twice = await readFile(
      await archive(
        big,
        manifestOf(new Map([...big].map(([n]) => [n, big.get("uploads/videos/a.mp4") ?? Buffer.alloc(0)]))),
        false,
      ),
    );
    const first = centralRecord(twice, "uploads/videos/a.mp4");
    const second = centralRecord(twice, "uploads/videos/b.mp4");
    for (const field of [20, 24, 42]) twice.writeUInt32LE(twice.readUInt32LE(first + field), second + field);
    twice.writeUInt32LE(twice.readUInt32LE(first + 16), second + 16);
    const overlapping = path.join(dir, "overlapping.zip");
    await writeFile(overlapping, twice);
    expect(await refusal(overlapping)).toMatch(/files overlap one another/);
  });

  it("refuses a format newer than it reads, a missing or foreign manifest, and a cut-short file", async () => {
    const files = SITE();
    expect(await refusal(await archive(files, manifestOf(files, { formatVersion: FORMAT_VERSION + 1 })))).toMatch(
      /format 2, newer than this version of the site reads \(1\)/,
    );
    expect(await refusal(await archive(files, null))).toMatch(/has no manifest\.json/);
    expect(await refusal(await archive(files, { format: "something-else", formatVersion: 1 }))).toMatch(
      /not a site archive's/,
    );
    expect(await refusal(await archive(files, { ...manifestOf(files), tables: "many" }))).toMatch(
      /malformed at tables/,
    );
    const whole = await readFile(await archive(files));
    const cut = path.join(dir, "cut.zip");
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await refusal(cut)).toMatch(/Not a readable zip archive/);
  });

  it("refuses files the manifest does not list, listed files that are missing, and personal data it says it lacks", async () => {
    const files = SITE();
    const manifest = manifestOf(files);
    expect(await refusal(await archive(new Map([...files, ["extra.txt", Buffer.from("?")]]), manifest))).toMatch(
      /extra\.txt is in the archive but not in its manifest/,
    );
    const fewer = new Map(files);
    fewer.delete("uploads/images/cover.webp");
    expect(await refusal(await archive(fewer, manifest))).toMatch(
      /uploads\/images\/cover\.webp is in the manifest but missing/,
    );
    const personal = new Map([...files, ["personal/users.jsonl", Buffer.from("{}\n")]]);
    expect(await refusal(await archive(personal))).toMatch(/personal\/users\.jsonl is personal data/);
    expect(await verifyArchive(await archive(personal, manifestOf(personal, { personalData: true })))).toMatchObject({
      personalData: true,
    });
  });
});
