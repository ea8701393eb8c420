// A load generator in its own process, so it does not share an event loop with what the
// bench measures. Usage: tsx bench/flood.ts <origin> <kind> <connections> <count|seconds>s?
// Prints one JSON line: how many requests were answered, by status.
import http from "node:http";

/** One request of a flood: a GET, or a POST of `body` as a form. */
interface FloodRequest {
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const FLOOD_KINDS = {
  /** Pages that must be rendered: a search nobody made before. */
  misses: (i: number) => ({ path: `/archive?search=miss${i}-${Math.random()}` }),
  /** Stored pages asked for with a session cookie that is not a real token. */
  cookies: () => ({ path: "/", headers: { Cookie: "session=x" } }),
  assets: (i: number) => ({ path: `/_astro/junk-${i}.${i % 2 ? "js" : "css"}` }),
  /** Half made-up parameters (the stored page), half a parameter pages read, with junk values. */
  queries: (i: number) => ({ path: i % 2 ? `/post/the-sandwich-was-fine?junk=${i}` : `/?category=junk${i}` }),
  uploads: (i: number) => ({ path: `/uploads/images/junk-${i}.jpg` }),
  images: (i: number) => ({ path: `/_image?href=%2Fuploads%2Fimages%2Fjunk-${i}.jpg&w=320&h=180&f=webp` }),
  /** Analytics beacons for a stored page, each from a browser never seen before and another site. */
  beacons: (i: number) => ({
    path: "/api/analytics/hit",
    body: `p=%2F&k=view&r=https%3A%2F%2Fjunk-${i}.example%2F`,
    headers: { "User-Agent": `Mozilla/5.0 Chrome/156.0 Safari/537.36 Flood/${i}` },
  }),
  /** Beacons for paths that are no page of the site: answered, never counted. */
  junkBeacons: (i: number) => ({
    path: "/api/analytics/hit",
    body: `p=%2Fjunk-${i}&k=view`,
    headers: { "User-Agent": `Mozilla/5.0 Chrome/156.0 Safari/537.36 Flood/${i}` },
  }),
} satisfies Record<string, (i: number) => FloodRequest>;

export type FloodKind = keyof typeof FLOOD_KINDS;

async function flood(origin: string, kind: FloodKind, connections: number, limit: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const byDuration = limit.endsWith("s");
  const end = byDuration ? performance.now() + Number(limit.slice(0, -1)) * 1000 : Infinity;
  const count = byDuration ? Infinity : Number(limit);
  const statuses: Record<number, number> = {};
  let sent = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const request: FloodRequest = FLOOD_KINDS[kind](i);
      const { path, headers = {}, body } = request;
      const method = body === undefined ? "GET" : "POST";
      const type = body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded" };
      const req = http.request(origin + path, { agent, method, headers: { ...type, ...headers } }, (res) => {
        statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
        res.resume().on("end", resolve);
      });
      req.end(body);
      req.on("error", () => {
        statuses[0] = (statuses[0] ?? 0) + 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < count && performance.now() < end) await one(sent++);
    }),
  );
  agent.destroy();
  console.log(JSON.stringify({ sent, statuses }));
}

const [origin = "", kind = "misses", connections = "64", limit = "10s"] = process.argv.slice(2);
if (origin) await flood(origin, kind as FloodKind, Number(connections), limit);
