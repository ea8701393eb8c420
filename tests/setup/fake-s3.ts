import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { S3Settings } from "../../src/lib/settings.server.ts";

/**
 * A small S3-compatible server on loopback for the tests: one bucket, path-style URLs, and
 * the parts of the S3 API the site uses (browser POST uploads, GET/HEAD with ranges and
 * validators, PUT, copy, DELETE). It checks what a real bucket checks: every request's
 * SigV4 signature against its own copy of the secret, and a POST upload's policy (expiry,
 * signature, every condition, no unlisted field), so a wrong policy fails here as it
 * would in production.
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  port?: number;
}

export interface StoredObject {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3 {
  /** The endpoint to give the site as S3_ENDPOINT. */
  url: string;
  objects: Map<string, StoredObject>;
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

  function store(key: string, body: Buffer, type: string): StoredObject {
    const object = { body, type, etag: `"${createHash("md5").update(body).digest("hex")}"`, lastModified: new Date() };
    objects.set(key, object);
    return object;
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
    const object = store(
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
    const size = object.body.length;
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
    res.writeHead(status).end(req.method === "HEAD" ? undefined : object.body.subarray(start, end + 1));
  }

  function putObject(req: http.IncomingMessage, key: string, body: Buffer): [number, string] {
    const source = req.headers["x-amz-copy-source"];
    if (typeof source !== "string") {
      store(key, body, req.headers["content-type"] ?? "binary/octet-stream");
      return [200, ""];
    }
    const sourceKey = decodeURIComponent(source.replace(/^\//, "")).slice(options.bucket.length + 1);
    const original = objects.get(sourceKey);
    if (!original) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
    const replace = req.headers["x-amz-metadata-directive"] === "REPLACE";
    const copy = store(key, original.body, replace ? String(req.headers["content-type"]) : original.type);
    return [
      200,
      `<CopyObjectResult><ETag>${copy.etag}</ETag><LastModified>${copy.lastModified.toISOString()}</LastModified></CopyObjectResult>`,
    ];
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // The browser posts from the site's origin, as a bucket's CORS rule would allow.
    res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
    res.setHeader("Access-Control-Expose-Headers", "ETag");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT");
      res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "");
      res.writeHead(200).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    const [, bucket = "", ...rest] = path.split("/");
    const key = rest.join("/");
    if (bucket !== options.bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist");

    let reply: [number, string];
    if (req.method === "POST" && key === "") reply = await postObject(req, body);
    else {
      verifyHeaderSignature(req, body);
      if (req.method === "GET" || req.method === "HEAD") {
        getObject(req, res, key);
        return;
      }
      if (req.method === "PUT") reply = putObject(req, key, body);
      else if (req.method === "DELETE") {
        objects.delete(key);
        reply = [204, ""];
      } else throw new S3Error(405, "MethodNotAllowed", "The method is not allowed");
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
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
