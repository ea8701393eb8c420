import pg from "pg";

/** The `app_state` row that holds the content version (migrations 0008 and 0021). */
export const CONTENT_VERSION_KEY = "content_version";

/**
 * The content version of the PostgreSQL database at `url`, read over a connection of its own
 * before the site opens its pool; undefined if the server cannot say within a second.
 */
export async function contentVersionAt(url: string): Promise<number | undefined> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 1000,
    query_timeout: 1000,
  });
  try {
    await client.connect();
    return await readContentVersion(client);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The content version as read through `db` (a client or a pool); undefined if it has none. */
export async function readContentVersion(db: pg.ClientBase | pg.Pool): Promise<number | undefined> {
  const { rows } = await db.query<{ version: string }>(
    `select "value" #>> '{}' as version from "app_state" where "key" = $1`,
    [CONTENT_VERSION_KEY],
  );
  return rows[0] ? Number(rows[0].version) : undefined;
}
