import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIContext, APIRoute } from "astro";
import { afterAll, beforeAll } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ensureSigningKeys } from "../../src/lib/signing.server.ts";
import { useDatabase } from "../../src/lib/site-database.server.ts";
import type { SessionUser } from "../../src/lib/session-user.ts";
import { uploadTargetSchema, type UploadTarget } from "../../src/modules/uploads/contract.ts";
import { LocalStore } from "../../src/modules/uploads/local-store.server.ts";
import { S3Store } from "../../src/modules/uploads/s3-store.server.ts";
import { POST as normalizeRoute } from "../../src/pages/api/objects/normalize.ts";
import { GET as uploadUrlRoute } from "../../src/pages/api/objects/upload-url.ts";
import { fakeS3Settings, startFakeS3, type FakeS3 } from "./fake-s3.ts";
import { createTestDb } from "./test-db.ts";

const S3 = { bucket: "meh-flow", region: "eu-west-3", accessKeyId: "AKIDFLOW", secretAccessKey: "flow-secret" };

/** The admin who asks for upload URLs, and another who must not use theirs; ids set once the site opens. */
export const owner: SessionUser = { id: 0, username: "owner", role: "admin" };
export const other: SessionUser = { id: 0, username: "other-admin", role: "admin" };

/**
 * The test file's upload site: a fresh database with the two admins and the signing keys,
 * a local store in a temporary folder and an S3 store on a fake S3, opened before its tests
 * and closed after. Each test picks the store the routes use (`useObjectStore`).
 */
export function uploadSite() {
  let handle: DbHandle;
  let fake: FakeS3;
  let root: string;
  let local: LocalStore;
  let s3: S3Store;

  beforeAll(async () => {
    handle = await createTestDb();
    for (const user of [owner, other]) {
      const [row] = await handle.db
        .insert(users)
        .values({ username: user.username, passwordHash: "x", role: "admin" })
        .returning();
      user.id = row?.id ?? 0;
    }
    fake = await startFakeS3(S3);
    root = await mkdtemp(path.join(os.tmpdir(), "meh-flow-"));
    local = new LocalStore(root, handle.db);
    s3 = new S3Store(fakeS3Settings(fake, S3));
    useDatabase(handle);
    // As at start.
    await ensureSigningKeys(handle.db);
  });
  afterAll(async () => {
    await fake.close();
    await handle.close();
    await rm(root, { recursive: true, force: true });
  });

  return {
    get handle() {
      return handle;
    },
    /** The local store's folder, a scratch folder for the tests' files too. */
    get root() {
      return root;
    },
    get local() {
      return local;
    },
    get s3() {
      return s3;
    },
  };
}

/** Call a route as `user`, as Astro would. */
export function call(
  route: APIRoute,
  user: SessionUser,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Response> {
  const href = new URL(url, "http://site.test");
  const request = new Request(href, { ...init, duplex: "half" } as RequestInit);
  const context = { request, url: href, params: {}, locals: { user }, clientAddress: "192.0.2.20" };
  return route(context as unknown as APIContext) as Promise<Response>;
}

/** Ask for an upload URL for `contentType`, as `user`. */
export async function uploadUrl(user: SessionUser, contentType = "image/jpeg"): Promise<UploadTarget> {
  const res = await call(uploadUrlRoute, user, `/api/objects/upload-url?contentType=${contentType}`);
  return uploadTargetSchema.parse(await res.json());
}

/** Ask, as `user`, for the uploaded file at `rawPath` to be checked and kept. */
export const normalize = (user: SessionUser, rawPath: string) =>
  call(normalizeRoute, user, "/api/objects/normalize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rawPath }),
  });
