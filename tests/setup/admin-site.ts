import { afterAll, beforeAll } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import type { SessionUser } from "../../src/lib/session-user.ts";
import { useDatabase } from "../../src/lib/site-database.server.ts";
import { insertUser } from "../factories.ts";
import { createTestDb } from "./test-db.ts";

/**
 * The test file's site with one admin, for calling its routes as the owner: a fresh database,
 * handed to the site's holder and given the admin before the file's tests, closed after.
 * `handle` is set once the site opens.
 */
export function adminSite() {
  const admin: SessionUser = { id: 0, username: "owner", role: "admin" };
  const site = { admin, handle: {} as DbHandle };
  beforeAll(async () => {
    site.handle = await createTestDb();
    useDatabase(site.handle);
    await insertUser(site.handle.db, site.admin);
  });
  afterAll(async () => {
    await site.handle.close();
  });
  return site;
}
