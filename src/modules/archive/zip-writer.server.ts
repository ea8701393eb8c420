import { createHash } from "node:crypto";
import { PassThrough, pipeline, Transform, type Readable } from "node:stream";
import { ZipFile } from "yazl";
import { bufferCollector } from "@/lib/buffer-collector.server";
import type { ManifestFile } from "./archive-format";

/** One file to put in the zip, opened only when the zip is ready to read it. */
export interface ZipEntry {
  path: string;
  /** Deflated, for text; media are stored as they are (they are compressed already). */
  compress: boolean;
  /** The size the source must have, when known: a source that ends short or long fails the archive. */
  size?: number;
  open(): Promise<Readable> | Readable;
}

/**
 * A zip written as it is read (yazl), one file at a time: each source is opened when its
 * turn comes and read at the pace the zip is read, so memory holds a few chunks whatever
 * the files' sizes. Each file's SHA-256 and size are taken as it passes. A source that fails,
 * or a stop, ends the zip with that error and closes the source being read.
 */
export class ZipWriter {
  readonly #zip = new ZipFile();
  /** The zip's bytes. */
  readonly output = new PassThrough();
  /** Every file written so far, in order, with its size and SHA-256. */
  readonly files: ManifestFile[] = [];
  readonly #mtime: Date;
  #source: Readable | undefined;
  /** Frees the read buffers of large files as the zip goes, so memory stays bounded (see bufferCollector). */
  readonly #collect = bufferCollector();
  #failure: Error | undefined;
  readonly #failed: Promise<never>;
  #fail: (error: Error) => void = () => undefined;

  constructor(mtime: Date) {
    this.#mtime = mtime;
    this.#failed = new Promise<never>((_, reject) => {
      this.#fail = reject;
    });
    // Marked as handled: the failure reaches callers through add() and the output.
    this.#failed.catch(() => undefined);
    this.#zip.on("error", (error: Error) => {
      this.fail(error);
    });
    // Ends early when the reader goes away or fails: then nothing more is read.
    pipeline(this.#zip.outputStream, this.output, (error) => {
      if (error) this.fail(error);
    });
  }

  /** Stop: the source being read is closed, the output ends with `error`, and every later add() rejects. */
  fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    this.#source?.destroy();
    this.#fail(error);
    if (!this.output.destroyed) this.output.destroy(error);
  }

  get failure(): Error | undefined {
    return this.#failure;
  }

  /**
   * Add a file. Resolves once the zip has begun reading it, so the next file is opened
   * only then: at most one source is open at a time.
   */
  add(entry: ZipEntry): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const options = { compress: entry.compress, mtime: this.#mtime, mode: 0o100644, size: entry.size };
    const started = new Promise<void>((resolve, reject) => {
      this.#zip.addReadStreamLazy(entry.path, options, (give) => {
        Promise.resolve()
          .then(() => entry.open())
          .then((source) => {
            if (this.#failure) {
              source.destroy();
              throw this.#failure;
            }
            this.#source = source;
            give(null, this.#measured(entry.path, source));
            resolve();
          })
          .catch((error: unknown) => {
            const failure = error instanceof Error ? error : new Error(String(error));
            this.fail(failure);
            reject(failure);
          });
      });
    });
    return Promise.race([started, this.#failed]);
  }

  /** Add the last file, made once every other has been read (the manifest), and end the zip. */
  async finish(last: { path: string; make: () => string }): Promise<void> {
    await this.add({ path: last.path, compress: true, open: () => new PassThrough().end(Buffer.from(last.make())) });
    this.#zip.end();
  }

  /** `source` passed on unchanged, its size and SHA-256 noted once it has ended. */
  #measured(path: string, source: Readable): Readable {
    const hash = createHash("sha256");
    let bytes = 0;
    const files = this.files;
    const collect = this.#collect;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        collect(chunk.length);
        done(null, chunk);
      },
      flush(done) {
        files.push({ path, bytes, sha256: hash.digest("hex") });
        done();
      },
    });
    pipeline(source, measure, (error) => {
      if (error) this.fail(error);
    });
    return measure;
  }
}
