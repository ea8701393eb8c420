import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Settings } from "../../src/lib/settings.server.ts";
import { completedXml, initiatedXml, namedParts, partsXml } from "../../src/modules/uploads/s3-xml.ts";

/**
 * A small S3-compatible server on loopback for the tests: one bucket, path-style URLs, and
 * the parts of the S3 API the site uses (browser POST uploads, multipart uploads by
 * presigned URLs, GET/HEAD with ranges and validators, PUT, copy, DELETE). It checks what a
 * real bucket checks: every request's SigV4 signature (in its headers or presigned in its
 * URL) against its own copy of the secret, a POST upload's policy (expiry, signature, every
 * condition, no unlisted field), and a multipart upload's parts (ETags, order, 5 MB but the
 * last), so a wrong policy fails here as it would in production. Objects and parts are
 * files in a folder of its own, so a test may send gigabytes without holding them.
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  port?: number;
}

export interface StoredObject {
  /** The file holding the object's bytes. */
  file: string;
  size: number;
  type: string;
  etag: string;
  lastModified: Date;
  /** The bytes, read from the file: for a test's small objects. */
  readonly body: Buffer;
}

/** A multipart upload begun and not yet completed or aborted. */
interface OpenUpload {
  key: string;
  type: string;
  initiated: Date;
  folder: string;
  /** Each part sent, by number: its file, size and ETag. */
  parts: Map<number, { file: string; size: number; etag: string }>;
}

export interface FakeS3 {
  /** The endpoint to give the site as S3_ENDPOINT. */
  url: string;
  objects: Map<string, StoredObject>;
  /** The multipart uploads begun and not yet completed or aborted, by upload id. */
  uploads: Map<string, { key: string; initiated: Date }>;
  close(): Promise<void>;
}

/** The site's S3 settings for a fake bucket, with its keys. */
export const fakeS3Settings = (fake: FakeS3, options: FakeS3Options): S3Settings => ({
  bucket: options.bucket,
  region: options.region,
  endpoint: fake.url,
  forcePathStyle: true,
  credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
});

const MB = 1024 * 1024;

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const openUploads = new Map<string, OpenUpload>();
  const folder = await mkdtemp(path.join(os.tmpdir(), "meh-fake-s3-"));
  let url = "";

  const signingKey = (date: string) =>
    hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), options.region), "s3"), "aws4_request");

  /** The date of a credential `AKID/yyyymmdd/region/s3/aws4_request`, if it is ours. */
  function credentialDate(credential: string): string {
    const [key, date, region, service, end] = credential.split("/");
    if (key !== options.accessKeyId) throw new S3Error(403, "InvalidAccessKeyId", "Unknown access key");
    if (region !== options.region || service !== "s3" || end !== "aws4_request" || !date) {
      throw new S3Error(400, "AuthorizationHeaderMalformed", `Wrong credential scope ${credential}`);
    }
    return date;
  }

  function verifyHeaderSignature(req: http.IncomingMessage, body: Buffer): void {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      req.headers.authorization ?? "",
    );
    if (!auth) throw new S3Error(403, "AccessDenied", "Missing or malformed Authorization");
    const [, credential = "", signedHeaders = "", signature = ""] = auth;
    const date = credentialDate(credential);
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
      throw new S3Error(400, "XAmzContentSHA256Mismatch", "The body is not the one signed");
    }
    const [rawPath = "/", rawQuery = ""] = (req.url ?? "/").split("?");
    const query = [...new URLSearchParams(rawQuery)]
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .sort()
      .join("&");
    const headerLines = signedHeaders
      .split(";")
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const canonical = [req.method, rawPath, query, headerLines, signedHeaders, payloadHash].join("\n");
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    const scope = credential.split("/").slice(1).join("/");
    const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
    if (!sameHex(hmac(signingKey(date), toSign).toString("hex"), signature)) {
      throw new S3Error(403, "SignatureDoesNotMatch", "The request signature does not match");
    }
  }

  /** Keep `file` (the fake's own, moved or written into its folder) as the object at `key`. */
  async function keep(key: string, file: string, size: number, type: string, etag: string): Promise<StoredObject> {
    const object: StoredObject = {
      file,
      size,
      type,
      etag,
      lastModified: new Date(),
      get body() {
        return readFileSync(file);
      },
    };
    const replaced = objects.get(key);
    objects.set(key, object);
    if (replaced) await rm(replaced.file, { force: true });
    return object;
  }

  async function store(key: string, body: Buffer, type: string): Promise<StoredObject> {
    const file = path.join(folder, randomUUID());
    await writeFile(file, body);
    return keep(key, file, body.length, type, `"${createHash("md5").update(body).digest("hex")}"`);
  }

  /** A browser upload: a multipart form whose signed policy must allow every field and the file. */
  async function postObject(req: http.IncomingMessage, body: Buffer): Promise<[number, string]> {
    const form = await new Request("http://fake.s3/", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"]) },
      body: new Uint8Array(body),
    }).formData();
    const fields = new Map<string, string>();
    let file: File | null = null;
    for (const [name, value] of form) {
      if (typeof value === "string") fields.set(name.toLowerCase(), value);
      else if (name === "file") file = value;
    }
    if (!file) throw new S3Error(400, "InvalidArgument", "POST requires exactly one file upload per request");
    const encoded = fields.get("policy") ?? "";
    if (fields.get("x-amz-algorithm") !== "AWS4-HMAC-SHA256") {
      throw new S3Error(400, "InvalidArgument", "Unsupported algorithm");
    }
    const date = credentialDate(fields.get("x-amz-credential") ?? "");
    if (!sameHex(hmac(signingKey(date), encoded).toString("hex"), fields.get("x-amz-signature") ?? "")) {
      throw new S3Error(403, "SignatureDoesNotMatch", "The policy signature does not match");
    }
    const policy = JSON.parse(Buffer.from(encoded, "base64").toString()) as {
      expiration: string;
      conditions: (Record<string, string> | [string, string | number, string | number])[];
    };
    if (Date.parse(policy.expiration) <= Date.now()) {
      throw new S3Error(403, "AccessDenied", "Invalid according to Policy: Policy expired.");
    }
    const checked = new Set(["policy", "x-amz-signature", "file"]);
    const valueOf = (name: string) => (name === "bucket" ? options.bucket : (fields.get(name) ?? ""));
    for (const condition of policy.conditions) {
      if (!Array.isArray(condition)) {
        for (const [name, expected] of Object.entries(condition)) {
          checked.add(name.toLowerCase());
          if (valueOf(name.toLowerCase()) !== expected) {
            throw new S3Error(403, "AccessDenied", `Invalid according to Policy: Policy Condition failed: ${name}`);
          }
        }
        continue;
      }
      const [operator, subject, value] = condition;
      if (operator === "content-length-range") {
        if (file.size < Number(subject)) throw new S3Error(400, "EntityTooSmall", "Your proposed upload is too small");
        if (file.size > Number(value)) throw new S3Error(400, "EntityTooLarge", "Your proposed upload is too large");
        continue;
      }
      const name = String(subject).replace(/^\$/, "").toLowerCase();
      checked.add(name);
      const actual = valueOf(name);
      const holds =
        operator === "eq" ? actual === value : operator === "starts-with" && actual.startsWith(String(value));
      if (!holds)
        throw new S3Error(403, "AccessDenied", `Invalid according to Policy: Policy Condition failed: ${name}`);
    }
    const extra = [...fields.keys()].filter((name) => !checked.has(name) && !name.startsWith("x-ignore-"));
    if (extra.length > 0) {
      throw new S3Error(403, "AccessDenied", `Invalid according to Policy: Extra input fields: ${extra.join(", ")}`);
    }
    const key = fields.get("key") ?? "";
    const object = await store(
      key,
      Buffer.from(await file.arrayBuffer()),
      fields.get("content-type") ?? "binary/octet-stream",
    );
    if (fields.get("success_action_status") === "201") {
      return [
        201,
        `<PostResponse><Bucket>${options.bucket}</Bucket><Key>${key}</Key><ETag>${object.etag}</ETag></PostResponse>`,
      ];
    }
    return [204, ""];
  }

  function getObject(req: http.IncomingMessage, res: http.ServerResponse, key: string): void {
    const object = objects.get(key);
    if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
    res.setHeader("ETag", object.etag);
    res.setHeader("Last-Modified", object.lastModified.toUTCString());
    res.setHeader("Content-Type", object.type);
    res.setHeader("Accept-Ranges", "bytes");
    if (req.headers["if-none-match"] === object.etag) {
      res.writeHead(304).end();
      return;
    }
    const size = object.size;
    let [start, end, status] = [0, size - 1, 200];
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    if (range) {
      const [, from = "", to = ""] = range;
      start = from === "" ? Math.max(0, size - Number(to)) : Number(from);
      end = from === "" || to === "" ? size - 1 : Math.min(Number(to), size - 1);
      if (start >= size) throw new S3Error(416, "InvalidRange", "The requested range is not satisfiable");
      status = 206;
      res.setHeader("Content-Range", `bytes ${start}-${end}/${size}`);
    }
    res.setHeader("Content-Length", end - start + 1);
    res.writeHead(status);
    if (req.method === "HEAD" || size === 0) {
      res.end();
      return;
    }
    // A client that hangs up mid-way is no failure of the bucket's.
    pipeline(createReadStream(object.file, { start, end }), res).catch(() => undefined);
  }

  async function putObject(req: http.IncomingMessage, key: string, body: Buffer): Promise<[number, string]> {
    const source = req.headers["x-amz-copy-source"];
    if (typeof source !== "string") {
      await store(key, body, req.headers["content-type"] ?? "binary/octet-stream");
      return [200, ""];
    }
    const sourceKey = decodeURIComponent(source.replace(/^\//, "")).slice(options.bucket.length + 1);
    const original = objects.get(sourceKey);
    if (!original) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
    const replace = req.headers["x-amz-metadata-directive"] === "REPLACE";
    const file = path.join(folder, randomUUID());
    await copyFile(original.file, file);
    const type = replace ? String(req.headers["content-type"]) : original.type;
    const copy = await keep(key, file, original.size, type, original.etag);
    return [
      200,
      `<CopyObjectResult><ETag>${copy.etag}</ETag><LastModified>${copy.lastModified.toISOString()}</LastModified></CopyObjectResult>`,
    ];
  }

  /** A request presigned in its URL (the browser's multipart upload): its signature, and that it has not expired. */
  function verifyQuerySignature(req: http.IncomingMessage, rawPath: string, params: URLSearchParams): void {
    const credential = params.get("X-Amz-Credential") ?? "";
    const date = credentialDate(credential);
    const amzDate = params.get("X-Amz-Date") ?? "";
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (!(signedAt + Number(params.get("X-Amz-Expires")) * 1000 > Date.now())) {
      throw new S3Error(403, "AccessDenied", "Request has expired");
    }
    const signedHeaders = params.get("X-Amz-SignedHeaders") ?? "";
    const query = [...params]
      .filter(([k]) => k !== "X-Amz-Signature")
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .sort()
      .join("&");
    const headerLines = signedHeaders
      .split(";")
      .map((name) => `${name}:${String(req.headers[name] ?? "").trim()}\n`)
      .join("");
    const canonical = [req.method, rawPath, query, headerLines, signedHeaders, "UNSIGNED-PAYLOAD"].join("\n");
    const scope = credential.split("/").slice(1).join("/");
    const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
    if (!sameHex(hmac(signingKey(date), toSign).toString("hex"), params.get("X-Amz-Signature") ?? "")) {
      throw new S3Error(403, "SignatureDoesNotMatch", "The request signature does not match");
    }
  }

  function openUpload(key: string, params: URLSearchParams): OpenUpload {
    const upload = openUploads.get(params.get("uploadId") ?? "");
    if (upload?.key !== key) throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist.");
    return upload;
  }

  async function createUpload(req: http.IncomingMessage, key: string): Promise<[number, string]> {
    const uploadId = randomUUID().replace(/-/g, "");
    const uploadFolder = path.join(folder, `upload-${uploadId}`);
    await mkdir(uploadFolder);
    const type = req.headers["content-type"] ?? "binary/octet-stream";
    openUploads.set(uploadId, { key, type, initiated: new Date(), folder: uploadFolder, parts: new Map() });
    return [200, initiatedXml(options.bucket, key, uploadId)];
  }

  /** One part, streamed to its file as it arrives: at most 5 GB, as S3 takes. */
  async function uploadPart(req: http.IncomingMessage, upload: OpenUpload, params: URLSearchParams): Promise<string> {
    const number = Number(params.get("partNumber"));
    if (!Number.isInteger(number) || number < 1 || number > 10_000) {
      throw new S3Error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000");
    }
    if (Number(req.headers["content-length"]) > 5 * 1024 ** 3) {
      throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size");
    }
    const file = path.join(upload.folder, `${number}-${randomUUID()}`);
    const md5 = createHash("md5");
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(req, count, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const etag = md5.digest("hex");
    const replaced = upload.parts.get(number);
    upload.parts.set(number, { file, size, etag });
    if (replaced) await rm(replaced.file, { force: true });
    return etag;
  }

  function listParts(key: string, upload: OpenUpload, params: URLSearchParams): string {
    const after = Number(params.get("part-number-marker") ?? 0);
    const max = Math.min(Number(params.get("max-parts") ?? 1000), 1000);
    const parts = [...upload.parts]
      .filter(([number]) => number > after)
      .sort(([a], [b]) => a - b)
      .map(([partNumber, { size, etag }]) => ({ partNumber, size, etag }));
    return partsXml(options.bucket, key, params.get("uploadId") ?? "", parts.slice(0, max), parts.length > max);
  }

  /** Join the named parts into the object, checking them as S3 does. */
  async function completeUpload(
    key: string,
    upload: OpenUpload,
    params: URLSearchParams,
    body: Buffer,
  ): Promise<string> {
    const named = namedParts(body.toString());
    if (!named?.length) throw new S3Error(400, "MalformedXML", "The XML you provided was not well-formed");
    const parts = named.map(({ partNumber, etag }, i) => {
      const part = upload.parts.get(partNumber);
      if (i > 0 && partNumber <= (named[i - 1]?.partNumber ?? 0)) {
        throw new S3Error(400, "InvalidPartOrder", "The list of parts was not in ascending order.");
      }
      if (part?.etag !== etag)
        throw new S3Error(400, "InvalidPart", "One or more of the specified parts could not be found.");
      if (i < named.length - 1 && part.size < 5 * MB) {
        throw new S3Error(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size");
      }
      return part;
    });
    const file = path.join(folder, randomUUID());
    const out = await open(file, "w");
    try {
      for (const part of parts) {
        for await (const chunk of createReadStream(part.file, { highWaterMark: MB })) await out.write(chunk as Buffer);
      }
    } finally {
      await out.close();
    }
    const joined = createHash("md5");
    for (const part of parts) joined.update(Buffer.from(part.etag, "hex"));
    const etag = `${joined.digest("hex")}-${parts.length}`;
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    await keep(key, file, size, upload.type, `"${etag}"`);
    await dropUpload(params.get("uploadId") ?? "");
    return completedXml(`${url}/${options.bucket}/${key}`, options.bucket, key, etag);
  }

  async function dropUpload(uploadId: string): Promise<void> {
    const upload = openUploads.get(uploadId);
    openUploads.delete(uploadId);
    if (upload) await rm(upload.folder, { recursive: true, force: true });
  }

  function listUploads(params: URLSearchParams): string {
    const prefix = params.get("prefix") ?? "";
    const uploads = [...openUploads]
      .filter(([, upload]) => upload.key.startsWith(prefix))
      .map(
        ([id, upload]) =>
          `<Upload><Key>${upload.key}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
      );
    return `<ListMultipartUploadsResult><Bucket>${options.bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`;
  }

  /** A request of a multipart upload, its signature checked; its answer, or null when it is none. */
  async function multipart(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    key: string,
    params: URLSearchParams,
    read: () => Promise<Buffer>,
  ): Promise<[number, string] | null> {
    if (req.method === "GET" && key === "" && params.has("uploads")) return [200, listUploads(params)];
    if (req.method === "POST" && params.has("uploads")) return createUpload(req, key);
    if (!params.has("uploadId")) return null;
    const upload = openUpload(key, params);
    if (req.method === "PUT") {
      res.setHeader("ETag", `"${await uploadPart(req, upload, params)}"`);
      return [200, ""];
    }
    if (req.method === "GET") return [200, listParts(key, upload, params)];
    if (req.method === "POST") return [200, await completeUpload(key, upload, params, await read())];
    if (req.method === "DELETE") {
      await dropUpload(params.get("uploadId") ?? "");
      return [204, ""];
    }
    return null;
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // The browser posts from the site's origin, as a bucket's CORS rule would allow.
    res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
    res.setHeader("Access-Control-Expose-Headers", "ETag");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
      res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "");
      res.writeHead(200).end();
      return;
    }
    const [rawPath = "/", rawQuery = ""] = (req.url ?? "/").split("?");
    const params = new URLSearchParams(rawQuery);
    const path = decodeURIComponent(rawPath);
    const [, bucket = "", ...rest] = path.split("/");
    const key = rest.join("/");
    if (bucket !== options.bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist");

    let buffered: Buffer | undefined;
    const read = async () => {
      if (buffered) return buffered;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return (buffered = Buffer.concat(chunks));
    };
    const presigned = params.has("X-Amz-Signature");
    // A presigned request carries no signed body, so a part is checked before it is read, and streamed.
    if (presigned) verifyQuerySignature(req, rawPath, params);
    let reply: [number, string] | null = null;
    if (params.has("uploads") || params.has("uploadId")) {
      // The site's own calls (listing and aborting abandoned uploads) are signed in their headers.
      if (!presigned) verifyHeaderSignature(req, await read());
      reply = await multipart(req, res, key, params, read);
    }
    if (!reply) {
      const body = await read();
      if (req.method === "POST" && key === "") reply = await postObject(req, body);
      else {
        if (!presigned) verifyHeaderSignature(req, body);
        if (req.method === "GET" || req.method === "HEAD") {
          getObject(req, res, key);
          return;
        }
        if (req.method === "PUT") reply = await putObject(req, key, body);
        else if (req.method === "DELETE") {
          const object = objects.get(key);
          objects.delete(key);
          if (object) await rm(object.file, { force: true });
          reply = [204, ""];
        } else throw new S3Error(405, "MethodNotAllowed", "The method is not allowed");
      }
    }
    const [status, xml] = reply;
    if (xml) res.setHeader("Content-Type", "application/xml");
    res.writeHead(status).end(xml);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const e = error instanceof S3Error ? error : new S3Error(500, "InternalError", String(error));
      res.writeHead(e.status, { "Content-Type": "application/xml" });
      res.end(
        req.method === "HEAD" ? undefined : `<Error><Code>${e.code}</Code><Message>${e.message}</Message></Error>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    objects,
    uploads: openUploads,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      });
      await rm(folder, { recursive: true, force: true });
    },
  };
}
