import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { callEndpoint, endpoints, type Call } from "../../tests/api-routes.ts";
import { insertUser } from "../../tests/factories.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import type { SessionUser } from "@/lib/session-user";
import { createLayout, findLayout } from "@/modules/page-layouts/layouts.server";
import { useDatabase } from "../lib/site-database.server";

// PostgreSQL's `integer` stops at 2^31 - 1; one past it used to reach the query and fail there (22003, a 500).
const PAST_INTEGER = 2_147_483_648;

const admin: SessionUser = { id: 0, username: "owner", role: "admin" };
let handle: DbHandle;
let layoutId: number;

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await insertUser(handle.db, admin);
  layoutId = (await createLayout(handle.db, { pageName: "home", pageType: "page", elements: [] }, admin.id)).id;
});
afterAll(async () => {
  await handle.close();
});

async function answer(method: string, path: string, call: Partial<Call>) {
  const endpoint = endpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint) throw new Error(`no ${method} ${path}`);
  const response = await callEndpoint(endpoint, { user: admin, params: {}, ...call });
  return { status: response.status, body: (await response.json()) as { field?: string } };
}

const publish = (versionId: number) =>
  answer("POST", "/api/layouts/[ref]/publish", {
    params: { ref: String(layoutId) },
    body: JSON.stringify({ versionId }),
  });
const revisionsBefore = (before: number) =>
  answer("GET", "/api/css/revisions", { query: [["before", String(before)]] });

describe("a number past what its integer column holds is a 400 naming the field", () => {
  it("POST /api/layouts/{id}/publish with versionId 2^31 names versionId, and publishes nothing", async () => {
    const { status, body } = await publish(PAST_INTEGER);
    expect([status, body.field]).toEqual([400, "versionId"]);
    expect((await findLayout(handle.db, "home"))?.publishedVersionId).toBeNull();
  });

  it("GET /api/css/revisions?before=2^31 names before", async () => {
    const { status, body } = await revisionsBefore(PAST_INTEGER);
    expect([status, body.field]).toEqual([400, "before"]);
  });

  it("lets the largest integer through to the database, which answers it", async () => {
    expect((await publish(PAST_INTEGER - 1)).status).toBe(404);
    expect((await revisionsBefore(PAST_INTEGER - 1)).status).toBe(200);
  });
});
