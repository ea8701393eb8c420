import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HIT_PATH, type ReportedHit } from "@/modules/analytics/hit";
import { NetworkLimit } from "@/modules/analytics/network-limit";
import { beaconTaker } from "./take-hit";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const counted: ReportedHit[] = [];
let turnedAway = 0;
/** Three beacons a minute per network, on a clock that stands still. */
const PER_MINUTE = 3;
let origin = "";
let server: http.Server;

beforeAll(async () => {
  const take = beaconTaker({
    ownHost: "meh.example",
    https: false,
    trustedProxies: ["127.0.0.1"],
    isPublicPage: (path) => ["/", "/post/a"].includes(path),
    limit: new NetworkLimit(PER_MINUTE, 100, () => Date.parse("2026-11-26T10:00:30Z")),
    count: (hit) => counted.push(hit),
    turnAway: () => {
      turnedAway += 1;
    },
  });
  server = http.createServer((req, res) => {
    take(req, res, {
      method: req.method ?? "GET",
      cookie: req.headers.cookie,
      signedIn: Boolean(req.headers.cookie),
      security: [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});
beforeEach(() => {
  counted.length = 0;
  turnedAway = 0;
});

const beacon = (body: string, headers: Record<string, string> = {}, method = "POST") =>
  fetch(`${origin}${HIT_PATH}`, {
    method,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER, ...headers },
    ...(method === "POST" ? { body } : {}),
  });

describe("the beacon on the front server", () => {
  it("counts a view of a public page with the visitor's address from a trusted proxy, and answers 204", async () => {
    const response = await beacon("p=%2Fpost%2Fa&k=view&r=https%3A%2F%2Fnews.example%2F&t=issue-4", {
      "X-Forwarded-For": "203.0.113.5",
    });
    expect(response.status).toBe(204);
    expect(counted).toEqual([
      {
        path: "/post/a",
        kind: "view",
        referrer: "news.example",
        tag: "issue-4",
        address: "203.0.113.5",
        userAgent: BROWSER,
      },
    ]);
  });

  it("answers but does not count a bot, a prefetch, or a path that is not a public page", async () => {
    expect(
      (await beacon("p=%2F&k=view", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status,
    ).toBe(204);
    expect((await beacon("p=%2F&k=view", { "Sec-Purpose": "prefetch" })).status).toBe(204);
    expect((await beacon("p=%2Fwp-login.php&k=view")).status).toBe(204);
    expect(counted).toEqual([]);
  });

  it("counts no one who sends no user agent, or an empty one, as a script's requests do", async () => {
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${origin}${HIT_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end("p=%2F&k=view");
      });
    expect(await post({})).toBe(204);
    expect(await post({ "User-Agent": "" })).toBe(204);
    expect(await post({ "User-Agent": "  " })).toBe(204);
    expect(counted).toEqual([]);
    await post({ "User-Agent": BROWSER });
    expect(counted).toHaveLength(1);
  });

  it("passes a signed-in browser's session on, to be left out if it is an admin's", async () => {
    await beacon("p=%2F&k=view", { Cookie: "session=abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx" });
    expect(counted[0]?.session).toBe("abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx");
  });

  it("refuses what no page sends: another method, a malformed body, more than 1 KB", async () => {
    expect((await beacon("", {}, "GET")).status).toBe(405);
    expect((await beacon("k=view")).status).toBe(400);
    expect((await beacon(`p=%2F&k=view&r=${"a".repeat(1100)}`)).status).toBe(413);
    expect(counted).toEqual([]);
  });

  it("refuses a client network's beacons past its limit a minute with 429, counted as turned away", async () => {
    const from = (address: string) => beacon("p=%2F&k=view", { "X-Forwarded-For": address });
    // Four addresses of one /24: the fourth beacon is one too many, whichever address sends it.
    const statuses = [];
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.200"])
      statuses.push((await from(address)).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const refused = await from("192.0.2.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    // Another network is still counted, and an IPv6 client's /56 is one network.
    expect((await from("198.51.100.1")).status).toBe(204);
    const v6 = [];
    for (const address of ["2001:db8:1:100::1", "2001:db8:1:1ff::2", "2001:db8:1:180::3", "2001:db8:1:101::4"])
      v6.push((await from(address)).status);
    expect(v6).toEqual([204, 204, 204, 429]);
    expect(counted).toHaveLength(7);
    expect(turnedAway).toBe(3);
  });

  it("counts neither a bot nor a prefetch against the limit", async () => {
    const headers = { "X-Forwarded-For": "198.18.0.1" };
    for (let i = 0; i < PER_MINUTE; i++) {
      await beacon("p=%2F&k=view", { ...headers, "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
      await beacon("p=%2F&k=view", { ...headers, "Sec-Purpose": "prefetch" });
    }
    const statuses = [];
    for (let i = 0; i <= PER_MINUTE; i++) statuses.push((await beacon("p=%2F&k=view", headers)).status);
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(204), 429]);
    expect(turnedAway).toBe(1);
  });
});
