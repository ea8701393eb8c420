import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { InFlight } from "../lib/in-flight";
import { stopWorker } from "./worker-stop";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A worker's socket whose one render waits for the test to let it end. */
async function workerWithHeldRender() {
  const renders = new InFlight();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const rendering = new Promise<void>((resolve) => (started = resolve));
  const server = http.createServer((_req, res) => {
    void renders.track(
      (async () => {
        started();
        await held;
        res.end("rendered");
      })(),
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/archive`;
  return { server, renders, release, rendering, url };
}

describe("stopping the site worker", () => {
  it("closes the database only once the render under way has ended", async () => {
    const { server, renders, release, rendering, url } = await workerWithHeldRender();
    const answer = fetch(url).then((response) => response.text());
    await rendering;

    const events: string[] = [];
    const steps: string[] = [];
    const stopped = stopWorker(
      {
        server,
        renders,
        stopWiring: () => {
          events.push("wiring stopped");
          return Promise.resolve();
        },
        stopOthers: () => {
          events.push("others stopped");
          return Promise.resolve();
        },
        closeDatabase: () => {
          events.push("database closed");
          return Promise.resolve();
        },
      },
      (doing) => steps.push(doing),
    );
    // Long enough for a stop that does not wait to have closed the database.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["wiring stopped"]);
    expect(steps.at(-1)).toBe("letting the renders under way finish");
    // No new request is taken meanwhile.
    await expect(fetch(url)).rejects.toThrow();

    events.push("render ended");
    release();
    await stopped;
    expect(events).toEqual(["wiring stopped", "render ended", "others stopped", "database closed"]);
    expect(await answer).toBe("rendered");
  });

  it("goes straight on when nothing renders", async () => {
    const renders = new InFlight();
    await expect(renders.idle()).resolves.toBeUndefined();
    await expect(renders.track(Promise.reject(new Error("failed render")))).rejects.toThrow("failed render");
    await expect(renders.idle()).resolves.toBeUndefined();
  });
});
