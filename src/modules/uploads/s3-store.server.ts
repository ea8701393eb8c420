import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { notFound } from "@/lib/errors";
import type { S3Settings } from "@/lib/settings.server";
import type { MultipartStep, UploadTarget } from "./contract";
import type { ObjectStore } from "./object-store.server";
import { objectHeaders } from "./serve-file.server";
import { ABANDONED_AFTER_MS } from "./upload-claims.server";
import { UPLOAD_URL_TTL_MS } from "./upload-policy.server";
import { isObjectKey, type Upload } from "./upload-keys";

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? (error.$metadata.httpStatusCode ?? 0) : 0);

/** Run a request whose 404 means "no such object" rather than a failure. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** A client for the bucket the settings name. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: several S3-compatible stores reject the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Objects in an S3-compatible bucket. The browser uploads with a presigned POST whose policy
 * fixes the key, the Content-Type and the size range, so the bucket itself refuses anything
 * else; a file above MULTIPART_ABOVE goes in parts, each request presigned for its key,
 * its size checked when normalised. The site reads objects back with signed requests and
 * serves them at `/uploads/`, so the bucket can stay private.
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = s3Client(settings);
  }

  private key(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Invalid object key: ${key}`);
    return key;
  }

  async uploadTarget(upload: Upload): Promise<Omit<UploadTarget, "rawPath">> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: this.key(upload.key),
      // Every field is also an exact-match condition of the policy.
      Fields: { "Content-Type": upload.type, success_action_status: "201" },
      Conditions: [["content-length-range", 1, upload.maxBytes]],
      Expires: UPLOAD_URL_TTL_MS / 1000,
    });
    return { method: "POST", url, fields, headers: {} };
  }

  async multipartTarget(
    step: MultipartStep,
    upload: Upload,
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const object = { Bucket: this.bucket, Key: this.key(upload.key) };
    const options = { expiresIn: UPLOAD_URL_TTL_MS / 1000 };
    const presign = (): Promise<string> => {
      switch (step.step) {
        case "create":
          return getSignedUrl(this.client, new CreateMultipartUploadCommand(object), options);
        case "part":
          return getSignedUrl(
            this.client,
            new UploadPartCommand({ ...object, UploadId: step.uploadId, PartNumber: step.partNumber }),
            options,
          );
        case "list":
          return getSignedUrl(this.client, new ListPartsCommand({ ...object, UploadId: step.uploadId }), options);
        case "complete":
          return getSignedUrl(
            this.client,
            new CompleteMultipartUploadCommand({ ...object, UploadId: step.uploadId }),
            options,
          );
        case "abort":
          return getSignedUrl(
            this.client,
            new AbortMultipartUploadCommand({ ...object, UploadId: step.uploadId }),
            options,
          );
      }
    };
    return { url: await presign(), headers: {} };
  }

  async dropAbandoned(now = Date.now()): Promise<void> {
    // A bucket's lifecycle rule may do this too; a bucket without one still does not keep
    // the parts of every upload a dialog closed mid-way, which S3 stores (and bills) until then.
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: "raw/", ...markers }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        if (now - (upload.Initiated?.getTime() ?? now) <= ABANDONED_AFTER_MS) continue;
        await unlessMissing(
          this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          ),
        );
      }
      if (!page.IsTruncated) return;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  async size(key: string): Promise<number | null> {
    if (!isObjectKey(key)) return null;
    const head = await unlessMissing(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
    return head ? (head.ContentLength ?? 0) : null;
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), Range: `bytes=0-${length - 1}` }),
    );
    return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  }

  async read(key: string): Promise<Uint8Array | null> {
    if (!isObjectKey(key)) return null;
    const object = await unlessMissing(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
    return object ? ((await object.Body?.transformToByteArray()) ?? new Uint8Array()) : null;
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    if (!isObjectKey(key)) return null;
    const object = await unlessMissing(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
    if (!object) return null;
    // In Node the SDK's body is the response's own stream: read as the consumer reads it.
    const body = object.Body instanceof Readable ? object.Body : Readable.from([]);
    return { body, size: object.ContentLength ?? 0 };
  }

  async serve(request: Request, key: string): Promise<Response | null> {
    if (!isObjectKey(key)) return null;
    const ifNoneMatch = request.headers.get("If-None-Match") ?? undefined;
    // Keys never change content (each upload gets a new one), so If-Range always holds.
    const range = request.headers.get("Range") ?? undefined;
    const input = { Bucket: this.bucket, Key: key, IfNoneMatch: ifNoneMatch, Range: range };
    try {
      const object: GetObjectCommandOutput | HeadObjectCommandOutput =
        request.method === "HEAD"
          ? await this.client.send(new HeadObjectCommand(input))
          : await this.client.send(new GetObjectCommand(input));
      const headers = this.headersOf(key, object);
      headers.set("Content-Length", String(object.ContentLength ?? 0));
      if (object.ContentRange) headers.set("Content-Range", object.ContentRange);
      const body = "Body" in object ? object.Body?.transformToWebStream() : undefined;
      return new Response(body ?? null, { status: object.ContentRange ? 206 : 200, headers });
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status !== 304 && status !== 416) throw error;
      const head = await unlessMissing(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      if (!head) return null;
      const headers = this.headersOf(key, head);
      if (status === 416) headers.set("Content-Range", `bytes */${head.ContentLength ?? 0}`);
      return new Response(null, { status, headers });
    }
  }

  private headersOf(key: string, object: HeadObjectCommandOutput): Headers {
    return objectHeaders(key, { etag: object.ETag ?? "", lastModified: object.LastModified ?? new Date(0) });
  }

  async put(key: string, file: string, type: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: await readFile(file), ContentType: type }),
    );
  }

  async move(from: string, to: string, type: string): Promise<void> {
    const copied = await unlessMissing(
      this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(to),
          CopySource: `${this.bucket}/${this.key(from)}`,
          ContentType: type,
          MetadataDirective: "REPLACE",
        }),
      ),
    );
    // Another call moved or deleted it first.
    if (!copied) throw notFound("Upload");
    await this.remove(from);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }
}
