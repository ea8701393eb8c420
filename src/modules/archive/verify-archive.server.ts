import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { invalid, type DomainError } from "@/lib/errors";
import {
  ARCHIVE_FORMAT,
  FORMAT_VERSION,
  MANIFEST_PATH,
  manifestHeadSchema,
  manifestSchema,
  PERSONAL_FOLDER,
  type Manifest,
} from "./archive-format";

/** How much an archive may hold before it is refused unread, as a zip bomb would. */
export interface ArchiveLimits {
  /** Files in the archive. */
  maxEntries: number;
  /** Bytes all its files unpack to. */
  maxTotalBytes: number;
  /** Bytes of manifest.json, which is read whole. */
  maxManifestBytes: number;
}

export const DEFAULT_LIMITS: ArchiveLimits = {
  maxEntries: 500_000,
  maxTotalBytes: 1024 ** 4,
  maxManifestBytes: 256 * 1024 ** 2,
};

/** An archive refused, saying why: a 400 on the `archive` field. */
export const refuse = (message: string): DomainError => invalid(message, "archive");

/** yauzl's complaint about a file name that would land outside the folder it is unpacked in. */
const UNSAFE_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s;

/** A zip reader's failure as the refusal the owner reads. */
function readable(error: unknown): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  const unsafe = UNSAFE_NAME.exec(message);
  if (unsafe) return refuse(`The archive names a file outside itself: ${unsafe[1] ?? ""}`);
  return refuse(`Not a readable zip archive (cut short, damaged, or not a zip): ${message}`);
}

/** The zip at `file`, opened to read its central directory a record at a time; a file that is no zip is refused. */
export async function openZip(file: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (error) {
    throw readable(error);
  }
}

/** Each entry of `zip`, in the central directory's order; the next is read once `visit` is done with this one. */
export function walkEntries(zip: ZipFile, visit: (entry: Entry) => Promise<void> | void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    zip.on("error", (error: unknown) => {
      reject(readable(error));
    });
    zip.on("end", resolve);
    zip.on("entry", (entry: Entry) => {
      Promise.resolve()
        .then(() => visit(entry))
        .then(() => {
          zip.readEntry();
        }, reject);
    });
    zip.readEntry();
  });
}

/** Each entry of the zip at `file`; `visit` may read the entry. */
async function eachEntry(file: string, visit: (entry: Entry, zip: ZipFile) => Promise<void>): Promise<void> {
  const zip = await openZip(file);
  try {
    await walkEntries(zip, (entry) => visit(entry, zip));
  } finally {
    zip.close();
  }
}

/** An entry's bytes, each chunk handed to `take`; a file longer than it declares fails, naming it. */
async function readEntry(zip: ZipFile, entry: Entry, take: (chunk: Buffer) => void): Promise<void> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) take(chunk as Buffer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw refuse(`${entry.fileName} cannot be read as it declares (${message}): the archive is damaged or forged.`);
  }
}

interface Listed {
  bytes: number;
}

/** The first pass: what the central directory declares, checked against the limits, and the manifest. */
async function listAndReadManifest(file: string, limits: ArchiveLimits) {
  const listed = new Map<string, Listed>();
  let manifestText: string | undefined;
  let declared = 0;
  let compressed = 0;
  await eachEntry(file, async (entry, zip) => {
    if (zip.entryCount > limits.maxEntries) {
      throw refuse(
        `The archive holds ${String(zip.entryCount)} files, more than the ${String(limits.maxEntries)} allowed.`,
      );
    }
    if (entry.fileName.endsWith("/")) return;
    if (listed.has(entry.fileName)) throw refuse(`The archive holds ${entry.fileName} twice.`);
    listed.set(entry.fileName, { bytes: entry.uncompressedSize });
    declared += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (declared > limits.maxTotalBytes) {
      throw refuse(`The archive would unpack to more than ${String(limits.maxTotalBytes)} bytes.`);
    }
    if (entry.fileName !== MANIFEST_PATH) return;
    if (entry.uncompressedSize > limits.maxManifestBytes) throw refuse(`${MANIFEST_PATH} is too large to read.`);
    const chunks: Buffer[] = [];
    await readEntry(zip, entry, (chunk) => chunks.push(chunk));
    manifestText = Buffer.concat(chunks).toString("utf8");
  });
  // Entries whose data overlap (one compressed stream unpacked many times) claim more bytes than the file has.
  if (compressed > (await stat(file)).size)
    throw refuse("The archive's files overlap one another, as a zip bomb's do.");
  if (manifestText === undefined) throw refuse(`The archive has no ${MANIFEST_PATH}: it is not a site archive.`);
  return { listed, manifest: parseManifest(manifestText) };
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(`${MANIFEST_PATH} is not JSON.`);
  }
  const head = manifestHeadSchema.safeParse(json);
  if (!head.success || head.data.format !== ARCHIVE_FORMAT) throw refuse(`${MANIFEST_PATH} is not a site archive's.`);
  if (head.data.formatVersion > FORMAT_VERSION) {
    throw refuse(
      `The archive is in format ${String(head.data.formatVersion)}, newer than this version of the site reads (${String(FORMAT_VERSION)}): update the site first.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(`${MANIFEST_PATH} is malformed at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "?"}`);
  }
  return parsed.data;
}

/** Every file the manifest lists is there at its size, nothing else is, and personal data only when it says so. */
function checkListing(manifest: Manifest, listed: Map<string, Listed>): void {
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  for (const [path, { bytes }] of listed) {
    if (path === MANIFEST_PATH) continue;
    const file = expected.get(path);
    if (!file) throw refuse(`${path} is in the archive but not in its manifest.`);
    if (file.bytes !== bytes) {
      throw refuse(`${path} declares ${String(bytes)} bytes where the manifest says ${String(file.bytes)}.`);
    }
    if (!manifest.personalData && path.startsWith(PERSONAL_FOLDER)) {
      throw refuse(`${path} is personal data in an archive that says it has none.`);
    }
  }
  for (const path of expected.keys()) if (!listed.has(path)) throw refuse(`${path} is in the manifest but missing.`);
}

/**
 * Check a site archive without unpacking it: its names stay inside it, it is no bomb (entry
 * count, declared sizes, overlapping entries, and no file longer than it declares), its
 * manifest is a site archive's in a format this version reads, it holds exactly the files the
 * manifest lists, and each file's SHA-256 is the manifest's. Refuses (invalid, naming the
 * first file at fault) or returns the manifest. Reads the file twice, one entry at a time.
 */
export async function verifyArchive(file: string, limits: ArchiveLimits = DEFAULT_LIMITS): Promise<Manifest> {
  const { listed, manifest } = await listAndReadManifest(file, limits);
  checkListing(manifest, listed);
  const sums = new Map(manifest.files.map((f) => [f.path, f.sha256]));
  await eachEntry(file, async (entry, zip) => {
    const expected = sums.get(entry.fileName);
    if (expected === undefined) return;
    const hash = createHash("sha256");
    await readEntry(zip, entry, (chunk) => hash.update(chunk));
    if (hash.digest("hex") !== expected) {
      throw refuse(`${entry.fileName} does not match its SHA-256 in the manifest: it was changed or damaged.`);
    }
  });
  return manifest;
}
