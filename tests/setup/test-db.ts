import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { createDb, createMemoryDbFrom, type DbHandle } from "../../db/client.ts";
import { databaseUrl } from "./postgres-url.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite started from the run's
 * migrated dump, or (in the postgres project) a clone of the run's template database on
 * TEST_DATABASE_URL's server.
 */
export async function createTestDb(): Promise<DbHandle> {
  const server = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_ENGINE !== "postgres" || !server) {
    return createMemoryDbFrom(new Blob([await readFile(inject("pgliteTemplate"))]));
  }
  const name = `${inject("pgTemplate").replace(/tmpl$/, "")}${crypto.randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject("pgTemplate")}"`);
  await admin.end();
  const handle = createDb(databaseUrl(server, name));
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
