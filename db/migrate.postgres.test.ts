import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseUrl, RUN_PREFIX } from "../tests/setup/postgres-url.ts";
import { createDb } from "./client.ts";
import { runMigrations } from "./migrate.ts";

// The postgres project only runs when TEST_DATABASE_URL names a server.
const server = process.env.TEST_DATABASE_URL ?? "";

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

describe("migrations on PostgreSQL", () => {
  it("run on a connection of their own, so one slower than a request may wait still completes", async () => {
    const name = `${RUN_PREFIX}migrate`;
    await query(server, `create database "${name}"`);
    const url = databaseUrl(server, name);
    // Another session holds the migrations table longer than the pool lets a query run.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query(
      "create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    await blocker.query("begin; lock table drizzle.__drizzle_migrations in access exclusive mode");
    const handle = createDb(url);
    try {
      const migrating = runMigrations(handle);
      // Held past the pool's statement (1.5 s) and query (2 s) timeouts: the slowness under test.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await blocker.query("commit");
      await migrating;
      const result = await handle.pool?.query<{ posts: string | null }>("select to_regclass('posts')::text as posts");
      expect(result?.rows[0]?.posts).toBe("posts");
    } finally {
      await blocker.end();
      await handle.close();
      await query(server, `drop database if exists "${name}" with (force)`);
    }
  });
});
