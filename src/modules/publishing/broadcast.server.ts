import type pg from "pg";
import { z } from "zod";
import { applyChange, type ContentChange } from "./publish.server";

const CHANNEL = "meh_content_changed";
const message = z.object({ origin: z.string(), tags: z.array(z.string().max(200)).max(1000) });

/**
 * Share content changes between instances on one PostgreSQL with LISTEN/NOTIFY: each
 * instance applies the changes the others announce. Returns the broadcast function and a
 * way to stop listening.
 */
export async function listenForChanges(
  pool: pg.Pool,
  instanceId: string,
): Promise<{ broadcast: (change: ContentChange) => Promise<void>; stop: () => Promise<void> }> {
  let listener: pg.PoolClient | undefined;
  let stopped = false;
  const listen = async (): Promise<void> => {
    const client = await pool.connect();
    client.on("notification", ({ channel, payload }) => {
      if (channel === CHANNEL && payload) receive(payload, instanceId);
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
  return {
    async broadcast(change) {
      await pool.query("select pg_notify($1, $2)", [
        CHANNEL,
        JSON.stringify({ origin: instanceId, tags: change.tags }),
      ]);
    },
    async stop() {
      stopped = true;
      await listener?.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener?.release();
    },
  };
}

function receive(payload: string, instanceId: string): void {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return;
  }
  const parsed = message.safeParse(data);
  if (!parsed.success || parsed.data.origin === instanceId) return;
  applyChange({ tags: parsed.data.tags as ContentChange["tags"] });
}
