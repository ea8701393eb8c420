import type pg from "pg";
import { z } from "zod";
import type { ContentTag } from "./content-tags";
import type { Publisher } from "./publisher.server";

const CHANNEL = "meh_content_changed";
const message = z.object({ origin: z.string(), tags: z.array(z.string().max(200)).max(1000) });

/**
 * Keep instances on one PostgreSQL coherent with LISTEN/NOTIFY: this instance's changes
 * are announced to the others, and theirs are applied here. Returns a way to stop.
 */
export async function shareChanges(
  publisher: Publisher,
  pool: pg.Pool,
  instanceId: string,
): Promise<() => Promise<void>> {
  let listener: pg.PoolClient | undefined;
  let stopped = false;
  const listen = async (): Promise<void> => {
    const client = await pool.connect();
    client.on("notification", ({ channel, payload }) => {
      if (channel !== CHANNEL || !payload) return;
      const tags = announcedTags(payload, instanceId);
      if (tags) void publisher.receive({ tags });
    });
    // A lost connection would silently stop the changes arriving: listen again.
    client.on("error", (error) => {
      console.error("Lost the content-change listener:", error.message);
      client.release(true);
      if (!stopped) setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await listen();
  const unsubscribe = publisher.subscribe(async ({ tags, origin }) => {
    if (origin !== "local") return;
    await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ origin: instanceId, tags })]);
  });
  return async () => {
    stopped = true;
    unsubscribe();
    await listener?.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    listener?.release();
  };
}

/** The tags another instance announced, or null for our own echo or a malformed payload. */
function announcedTags(payload: string, instanceId: string): ContentTag[] | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = message.safeParse(data);
  if (!parsed.success || parsed.data.origin === instanceId) return null;
  // Tags are only ever compared with the ones pages declare; an unknown one drops nothing.
  return parsed.data.tags as ContentTag[];
}
