import type { Readable } from "node:stream";
import type { MultipartStep, UploadTarget } from "./contract";
import type { LocalMultipart } from "./local-multipart.server";
import type { Upload } from "./upload-keys";
import type { UploadPolicy } from "./upload-policy.server";

/**
 * Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. Keys are
 * relative paths (`images/abc.jpg`); the site serves every object at `/uploads/<key>` either
 * way, so pages, the image service and the security headers do not depend on the driver.
 */
export interface ObjectStore {
  /**
   * How the browser sends one file straight to the store (SPEC §7): permission for one
   * upload of `type`, at most `maxBytes`, to `key`, ending after UPLOAD_URL_TTL_MS.
   */
  uploadTarget(upload: Upload): Promise<Omit<UploadTarget, "rawPath">>;
  /**
   * The signed URL of one request of a multipart upload of `upload` (a file above
   * MULTIPART_ABOVE), in S3's protocol either way: a presigned S3 request, or one to the
   * site's own multipart endpoint. Each ends after UPLOAD_URL_TTL_MS.
   */
  multipartTarget(step: MultipartStep, upload: Upload): Promise<{ url: string; headers: Record<string, string> }>;
  /** The object's size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's first `length` bytes (all of it when shorter). */
  head(key: string, length: number): Promise<Uint8Array>;
  /** The whole object, or null when there is no such object. */
  read(key: string): Promise<Uint8Array | null>;
  /**
   * The object's bytes as they are read, with its size, or null when there is no such
   * object: for copying a file of any size (an archive) without holding it whole.
   */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  /** The answer to a GET or HEAD of `/uploads/<key>`, or null when there is no such object. */
  serve(request: Request, key: string): Promise<Response | null>;
  /** Store a file from this machine, e.g. the sample content. */
  put(key: string, file: string, type: string): Promise<void>;
  /** Give an object a new key and the type its bytes were found to have; not_found when it is gone. */
  move(from: string, to: string, type: string): Promise<void>;
  /** Delete an object; deleting a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Take an upload sent to the site itself, as the signed policy allows. Only a store whose
   * uploads come through the site has this; S3 uploads go straight to the bucket.
   */
  receive?(body: ReadableStream<Uint8Array> | null, policy: UploadPolicy): Promise<void>;
  /** Take a multipart upload sent to the site itself; only with `receive`. */
  multipart?: LocalMultipart;
  /**
   * Delete uploads never normalised (a dialog closed mid-way), and multipart uploads never
   * completed, once ABANDONED_AFTER_MS old, so they do not pile up; run by the hourly sweep.
   * For S3 only the multipart uploads: a bucket's own lifecycle rule expires objects (README).
   */
  dropAbandoned?(now?: number): Promise<void>;
}
