import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { databaseUrl, RUN_PREFIX } from "./postgres-url.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/**
 * Once per run: a fresh, migrated template database on TEST_DATABASE_URL's server. Each
 * test file clones it, so tests never share data and never touch the named database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("TEST_DATABASE_URL is not set");
  const template = `${RUN_PREFIX}tmpl`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const handle = createDb(databaseUrl(server, template));
  await runMigrations(handle);
  await handle.close();
  project.provide("pgTemplate", template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${RUN_PREFIX}%`,
    ]);
    // The template last: clones were made from it.
    for (const { datname } of rows.sort((a) => (a.datname === template ? 1 : -1))) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  };
}
