import { createHash, randomBytes } from "node:crypto";
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { fragmentPage, servedParts, type Manifest } from "./pagefind-retention.server";

/** A file of a built Pagefind bundle, as its Node API hands it over. */
export interface IndexFile {
  path: string;
  content: Uint8Array;
}

/** A bundle file as the server sends it. */
export interface ServedFile {
  /** Where it is on disk, for each encoding written. */
  files: { identity: string; br?: string; gzip?: string };
  size: number;
  etag: string;
  contentType: string;
  cacheControl: string;
}

interface Build {
  id: string;
  manifest: Manifest;
  /** The part of the manifest still served (see servedParts). */
  served: Manifest;
}

/**
 * What the browser loads of a bundle: the library, its worker, the entry point, the WASM
 * and the content-hashed index parts. Pagefind's own UIs are written too; nothing here
 * uses them, so they are not served.
 */
const SERVED =
  /^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|(?:(?:fragment|index|filter)\/)?[\w.-]+\.pf_[a-z]+)$/;
/** Named by their content: a name never changes meaning, so browsers keep them. */
const HASHED = /\.pf_[a-z]+$/;
/** The index parts and WASM come compressed by Pagefind; the scripts and entry do not. */
const COMPRESSIBLE = /\.(?:js|json)$/;
/** The copies a compressible file gets beside it, one per encoding the front sends. */
const ENCODINGS = [
  { suffix: ".br", encode: promisify(brotliCompress) },
  { suffix: ".gz", encode: promisify(gzip) },
] as const;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
};
/**
 * How many builds stay on disk: a client that loaded an older entry still finds its parts,
 * those of them that hold no page the index has lost since (see servedParts).
 */
const KEEP_BUILDS = 3;
/** Builds younger than this are kept too, in case another instance shares the folder. */
const KEEP_YOUNGER_MS = 10 * 60_000;
const MANIFEST = ".manifest.json";
const POINTER = "current";

/** Whether a path inside a bundle is one the browser may ask for. */
export const isServedPath = (file: string): boolean => SERVED.test(file);

/**
 * The Pagefind bundles under one folder (`DATA_DIR/pagefind`). Each build is written to a
 * folder of its own, then named current by renaming a pointer file, so a reader never sees
 * half a bundle. Lookups answer only names listed in a build's manifest: a request for any
 * other name costs a map lookup and is remembered nowhere.
 */
export class PagefindFiles {
  readonly #root: string;
  /** Newest first; the first is current. */
  #builds: Build[] = [];

  constructor(root: string) {
    this.#root = root;
  }

  /** Whether an index is being served. */
  get ready(): boolean {
    return this.#builds.length > 0;
  }

  /** The current build's id, when there is one. */
  get current(): string | undefined {
    return this.#builds[0]?.id;
  }

  /** Pick up the build a previous run left current, and the older ones kept beside it. */
  async open(): Promise<boolean> {
    const current = await readFile(path.join(this.#root, POINTER), "utf8").catch(() => undefined);
    if (!current) return false;
    const ids = [current.trim(), ...(await this.#buildIds()).filter((id) => id !== current.trim())];
    const loaded = await Promise.all(ids.slice(0, KEEP_BUILDS).map(async (id) => this.#load(id)));
    this.#builds = servedParts(loaded.filter((build) => build !== undefined));
    return this.ready && this.#builds[0]?.id === current.trim();
  }

  /** Write a new bundle, make it current, and remove builds no client can still need. */
  async install(files: IndexFile[]): Promise<string> {
    const id = `${Date.now().toString(36).padStart(9, "0")}-${randomBytes(4).toString("hex")}`;
    const staging = path.join(this.#root, `${id}.partial`);
    const manifest: Manifest = {};
    await mkdir(staging, { recursive: true });
    for (const file of files) {
      if (!isServedPath(file.path)) continue;
      const target = path.join(staging, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
      const compressed = COMPRESSIBLE.test(file.path);
      const etag = `"${createHash("sha256").update(file.content).digest("base64url").slice(0, 22)}"`;
      if (compressed) await this.#writeEncoded(file, target, etag);
      const page = fragmentPage(file.path, file.content);
      manifest[file.path] = { etag, size: file.content.byteLength, compressed, page };
    }
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest));
    await rename(staging, path.join(this.#root, id));
    const pointer = path.join(this.#root, `${POINTER}.${id}.tmp`);
    await writeFile(pointer, id);
    await rename(pointer, path.join(this.#root, POINTER));
    this.#builds = servedParts([{ id, manifest }, ...this.#builds].slice(0, KEEP_BUILDS));
    await this.#prune();
    return id;
  }

  /**
   * The file a request path names (the part after `/pagefind/`). Fixed names come from the
   * current build; a content-hashed part may come from a kept older one, for a client that
   * loaded that build's entry just before the swap, unless it may hold a removed page.
   */
  lookup(name: string): ServedFile | undefined {
    if (!isServedPath(name)) return undefined;
    const builds = HASHED.test(name) ? this.#builds : this.#builds.slice(0, 1);
    for (const { id, served } of builds) {
      const entry = Object.hasOwn(served, name) ? served[name] : undefined;
      if (!entry) continue;
      const identity = path.join(this.#root, id, name);
      return {
        files: entry.compressed ? { identity, br: `${identity}.br`, gzip: `${identity}.gz` } : { identity },
        size: entry.size,
        etag: entry.etag,
        contentType: CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream",
        cacheControl: HASHED.test(name) ? "public, max-age=31536000, immutable" : "no-cache",
      };
    }
    return undefined;
  }

  /** The bytes of the current build's served files (uncompressed copies), for the bench. */
  get bytes(): number {
    const manifest = this.#builds[0]?.manifest ?? {};
    return Object.values(manifest).reduce((sum, entry) => sum + entry.size, 0);
  }

  /**
   * A compressible file's brotli and gzip copies beside it. Pagefind's scripts are the same in
   * every build, so an earlier build's copies of the same bytes are linked rather than made
   * again: compressing them took some 200 ms of the thread that renders pages at each rebuild.
   * Compressing runs in libuv's pool either way, never on that thread.
   */
  async #writeEncoded(file: IndexFile, target: string, etag: string): Promise<void> {
    const earlier = this.#builds.find(({ manifest }) => {
      const entry = Object.hasOwn(manifest, file.path) ? manifest[file.path] : undefined;
      return entry?.compressed === true && entry.etag === etag;
    });
    for (const { suffix, encode } of ENCODINGS) {
      const copy = earlier && path.join(this.#root, earlier.id, file.path + suffix);
      // Where the folder allows no hard links, the copy is simply made again.
      const linked =
        copy !== undefined &&
        (await link(copy, target + suffix).then(
          () => true,
          () => false,
        ));
      if (!linked) await writeFile(target + suffix, await encode(file.content));
    }
  }

  async #load(id: string): Promise<Omit<Build, "served"> | undefined> {
    try {
      const manifest = JSON.parse(await readFile(path.join(this.#root, id, MANIFEST), "utf8")) as Manifest;
      return { id, manifest };
    } catch {
      return undefined;
    }
  }

  /** Finished builds on disk, newest first (ids start with their time). */
  async #buildIds(): Promise<string[]> {
    const entries = await readdir(this.#root, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory() && !entry.name.endsWith(".partial"))
      .map((entry) => entry.name)
      .sort()
      .reverse();
  }

  async #prune(): Promise<void> {
    const kept = new Set(this.#builds.map((build) => build.id));
    const entries = await readdir(this.#root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || kept.has(entry.name)) continue;
      const folder = path.join(this.#root, entry.name);
      const modified = (await stat(folder).catch(() => undefined))?.mtimeMs ?? 0;
      if (Date.now() - modified > KEEP_YOUNGER_MS) await rm(folder, { recursive: true, force: true });
    }
  }
}
