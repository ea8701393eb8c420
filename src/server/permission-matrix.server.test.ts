import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { callEndpoint, endpoints, undeclared, type Endpoint } from "../../tests/api-routes.ts";
import { insertUser } from "../../tests/factories.ts";
import { queuedJobs } from "../../tests/setup/queued-jobs.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { useJobSender } from "../lib/job-registry.ts";
import type { SessionUser } from "@/lib/session-user";
import { LocalStore } from "@/modules/uploads/local-store.server";
import type { Access } from "../lib/define-route.server";
import { useDatabase } from "../lib/site-database.server";
import { useObjectStore } from "../modules/uploads/site-objects.server";
import { passkeys } from "../../db/schema/index.ts";
import { createSession, validateSessionToken } from "../modules/auth/session.server";

const reader: SessionUser = { id: 2, username: "reader", role: "user" };
const admin: SessionUser = { id: 1, username: "owner", role: "admin" };
const callers = { visitor: null, user: reader, admin } as const;

// Every parameter names an item that does not exist, and a write sends an empty object.
async function call(
  endpoint: Endpoint,
  user: SessionUser | null,
  proof: { provenAt?: Date; query?: [string, string][] } = {},
) {
  const params = Object.fromEntries(endpoint.params.map((name) => [name, "999999"]));
  const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  const response = await callEndpoint(endpoint, {
    user,
    params,
    body: hasBody ? "{}" : undefined,
    provenAt: proof.provenAt,
    query: proof.query,
  });
  const body = ((await response.json().catch(() => null)) ?? {}) as { code?: string };
  return { status: response.status, code: body.code };
}

/** What each caller gets from a route of each access: refused with this status and code, or let through. */
const EXPECTED: Record<Access, Record<keyof typeof callers, [number, string] | "allowed">> = {
  public: { visitor: "allowed", user: "allowed", admin: "allowed" },
  "signed-in": { visitor: [401, "unauthenticated"], user: "allowed", admin: "allowed" },
  admin: { visitor: [401, "unauthenticated"], user: [403, "forbidden"], admin: "allowed" },
};

let handle: DbHandle;
let uploads: string;
beforeAll(async () => {
  handle = await createTestDb();
  for (const user of [reader, admin]) await insertUser(handle.db, user);
  uploads = await mkdtemp(path.join(os.tmpdir(), "meh-matrix-"));
  useDatabase(handle);
  useObjectStore(new LocalStore(uploads, handle.db));
  // Routes that hand work to the queue (a backup) reach it, as on a running site.
  useJobSender(queuedJobs(handle).sender);
});
afterAll(async () => {
  useObjectStore(undefined);
  useJobSender(undefined);
  await handle.close();
  await rm(uploads, { recursive: true, force: true });
});

describe("the permission matrix, generated from every /api route's declared access", () => {
  it("finds every route, the upload calls included, and every one declares its access", () => {
    expect(undeclared).toEqual([]);
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "GET /api/objects/upload-url",
        "POST /api/objects/normalize",
        "PUT /api/objects/upload",
        "POST /api/posts",
        "POST /api/data/backups/drill",
      ]),
    );
  });

  it("lets only sign-in (each step), sign-out, confirming who one is, the backup and import commands, the newsletter's signup and reader links, and the nickname generator post without the admin role", () => {
    const openWrites = endpoints
      .filter((e) => e.method !== "GET" && e.route.access !== "admin")
      .map((e) => `${e.method} ${e.path}`);
    expect(openWrites.sort()).toEqual([
      // `npm run import`, with the running site's control token, or nothing there.
      "DELETE /api/imports/command",
      "POST /api/auth/login",
      "POST /api/auth/logout",
      "POST /api/auth/passkey",
      "POST /api/auth/passkey/options",
      // Confirming who holds a session, which any signed-in account may do.
      "POST /api/auth/reauthenticate",
      "POST /api/auth/reauthenticate/options",
      "POST /api/auth/second-step",
      // `npm run backup`, with the running site's control token, or nothing there.
      "POST /api/data/backups/command",
      "POST /api/imports/command",
      "POST /api/newsletter/confirm",
      "POST /api/newsletter/resubscribe",
      "POST /api/newsletter/subscribe",
      "POST /api/newsletter/unsubscribe",
      "POST /api/nickname/generate",
      "PUT /api/imports/command",
    ]);
  });

  for (const endpoint of endpoints) {
    for (const [who, user] of Object.entries(callers) as [keyof typeof callers, SessionUser | null][]) {
      const expected = EXPECTED[endpoint.route.access][who];
      const outcome = expected === "allowed" ? "lets it through" : `refuses it with ${expected[0]}`;
      it(`${endpoint.method} ${endpoint.path} (${endpoint.route.access}) ${outcome} for the ${who}`, async () => {
        const { status, code } = await call(endpoint, user);
        if (expected === "allowed") {
          // Past the access check: whatever the input or item makes of it, never refused, never a 500.
          expect(status).toBeLessThan(500);
          expect(code === "unauthenticated" && status === 401, "refused as not signed in").toBe(false);
          expect(code === "forbidden" && status === 403 && who !== "admin", "refused by role").toBe(false);
        } else {
          expect({ status, code }).toEqual({ status: expected[0], code: expected[1] });
        }
      });
    }
  }
});

describe("an account with a second factor", () => {
  it("refuses every admin route to a session its password alone made", async () => {
    const owner: SessionUser = { id: 0, username: "factored", role: "admin" };
    await insertUser(handle.db, owner);
    const token = await createSession(handle.db, owner.id, { method: "password", address: "", userAgent: "" });
    await handle.db
      .insert(passkeys)
      .values({ id: "credential", userId: owner.id, name: "Key", publicKey: new Uint8Array(65) });
    // What the middleware makes of the session's cookie: nobody.
    const session = await validateSessionToken(handle.db, token);
    expect(session).toBeNull();
    const refused = [];
    for (const endpoint of endpoints.filter((e) => e.route.access !== "public")) {
      const { status, code } = await call(endpoint, session?.user ?? null);
      refused.push(`${endpoint.method} ${endpoint.path}: ${String(status)} ${code ?? ""}`);
      expect(status, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
    expect(refused.length).toBeGreaterThan(50);
  });
});

describe("what cannot be undone", () => {
  const TEN_MINUTES = 10 * 60_000;
  // A route declared fresh, and the subscribers' CSV, which only its format makes a download.
  const stepUps = [
    ...endpoints.filter((e) => e.route.fresh).map((endpoint) => ({ endpoint, query: [] as [string, string][] })),
    ...endpoints
      .filter((e) => e.method === "GET" && e.path === "/api/newsletter/subscribers")
      .map((endpoint) => ({ endpoint, query: [["format", "csv"]] as [string, string][] })),
  ];

  it("covers the downloads, the password and every factor change", () => {
    const names = stepUps.map(
      ({ endpoint, query }) => `${endpoint.method} ${endpoint.path}${query.length ? "?format=csv" : ""}`,
    );
    expect(names.sort()).toEqual([
      "DELETE /api/account/passkeys/[id]",
      "DELETE /api/account/totp",
      "GET /api/data/backups/[name]",
      "GET /api/newsletter/subscribers?format=csv",
      "POST /api/account/passkeys",
      "POST /api/account/passkeys/options",
      "POST /api/account/password",
      "POST /api/account/recovery-codes",
      "POST /api/account/totp",
      "POST /api/account/totp/confirm",
      "POST /api/data/archive",
    ]);
  });

  for (const { endpoint, query } of stepUps) {
    it(`${endpoint.method} ${endpoint.path} asks again for a proof older than ten minutes, and takes a fresh one`, async () => {
      const stale = await call(endpoint, admin, { provenAt: new Date(Date.now() - TEN_MINUTES - 1000), query });
      expect(stale).toEqual({ status: 403, code: "reauthenticate" });
      const fresh = await call(endpoint, admin, { provenAt: new Date(Date.now() - TEN_MINUTES + 60_000), query });
      expect(fresh.code).not.toBe("reauthenticate");
      expect(fresh.status).toBeLessThan(500);
    });
  }
});
