import pg from "pg";

/** The `app_state` row that holds the content version (migration 0008). */
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
    const { rows } = await client.query<{ version: string }>(
      `select "value" #>> '{}' as version from "app_state" where "key" = $1`,
      [CONTENT_VERSION_KEY],
    );
    return rows[0] ? Number(rows[0].version) : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
