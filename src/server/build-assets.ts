import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { lookup } from "mrmime";
import { IMMUTABLE } from "../lib/http-policy";
import { compress, etagOf } from "../modules/publishing/body-encodings.server";
import { preparePage, type PreparedPage } from "./stored-response";

export const ASSETS_PREFIX = "/_astro/";

// Text assets worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;

/**
 * The build's fingerprinted assets. Their names are read once, at start: a name outside
 * the build is a plain 404 that is never remembered, so made-up asset URLs cost nothing
 * and the memory held is bounded by the build itself.
 */
export class BuildAssets {
  readonly #clientDir: string;
  readonly #names: ReadonlySet<string>;
  readonly #prepared = new Map<string, Promise<PreparedPage>>();
  readonly #security: [string, string][];

  constructor(clientDir: string, security: [string, string][]) {
    this.#clientDir = clientDir;
    this.#security = security;
    const folder = path.join(clientDir, ASSETS_PREFIX);
    const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    this.#names = new Set(
      files.map(
        (entry) =>
          ASSETS_PREFIX + path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
      ),
    );
  }

  /** Whether the build has a file at this path (`/_astro/…`, no query). */
  has(pathname: string): boolean {
    return this.#names.has(pathname);
  }

  /** A build file worth compressing, read and compressed once; undefined for any other path. */
  compressed(pathname: string): Promise<PreparedPage> | undefined {
    if (!this.#names.has(pathname) || !COMPRESSIBLE.test(pathname)) return undefined;
    let ready = this.#prepared.get(pathname);
    if (!ready) {
      this.#prepared.set(pathname, (ready = this.#prepare(pathname)));
      // A file gone since the start is tried again next time, not remembered as failed.
      ready.catch(() => this.#prepared.delete(pathname));
    }
    return ready;
  }

  /** How many assets are held prepared: never more than the build has. */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  async #prepare(pathname: string): Promise<PreparedPage> {
    const identity = await readFile(path.join(this.#clientDir, pathname));
    const { br, gzip } = await compress(identity);
    const type = lookup(pathname) ?? "application/octet-stream";
    const charset = type.startsWith("text/") || type.endsWith("javascript") ? "; charset=utf-8" : "";
    return preparePage(
      { status: 200, headers: [["content-type", type + charset]], identity, br, gzip, etag: etagOf(identity) },
      this.#security,
      IMMUTABLE,
    );
  }
}
