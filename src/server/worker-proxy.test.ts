import { mkdtempSync, rmSync } from "node:fs";
import http, { type RequestListener } from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { behindFront } from "./behind-front";
import { PageMirror } from "./page-mirror";
import { proxyToWorker } from "./worker-proxy";

// The site worker's side stands in as a handler behind `behindFront` on a Unix socket, as
// the site worker serves Astro; the front server's side is `proxyToWorker` on a TCP port.
const dir = mkdtempSync(path.join(os.tmpdir(), "meh-proxy-"));
const socketPath = path.join(dir, "site.sock");
const mirror = new PageMirror();
let storeChanges = 0;
let worker: RequestListener = () => undefined;
const workerServer = http.createServer(
  behindFront(
    (req, res) => {
      worker(req, res);
    },
    () => storeChanges,
  ),
);
const front = http.createServer(proxyToWorker(socketPath, mirror));
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => workerServer.listen(socketPath, resolve));
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterEach(() => {
  workerServer.closeIdleConnections();
});
afterAll(async () => {
  front.closeAllConnections();
  workerServer.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => workerServer.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("the front server's way to the site worker", () => {
  it("passes the visitor's address from its own socket, never one the visitor names", async () => {
    worker = (req, res) => {
      res.end(
        JSON.stringify({ address: req.socket.remoteAddress, named: req.headers["x-front-client-address"] ?? null }),
      );
    };
    const response = await fetch(`${origin}/api/anything`, { headers: { "X-Front-Client-Address": "203.0.113.9" } });
    expect(await response.json()).toEqual({ address: "127.0.0.1", named: null });
  });

  it("passes method, path, body and headers on, and every Set-Cookie back", async () => {
    worker = (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        res.setHeader("Set-Cookie", ["a=1; Path=/", "b=2; Path=/"]);
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            origin: req.headers.origin,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    };
    const response = await fetch(`${origin}/api/posts?x=1`, {
      method: "POST",
      headers: { Origin: "http://site", "Content-Type": "application/json" },
      body: '{"title":"Meh"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(response.headers.get("x-front-pages-seq")).toBeNull();
    expect(await response.json()).toEqual({
      method: "POST",
      url: "/api/posts?x=1",
      origin: "http://site",
      body: '{"title":"Meh"}',
    });
  });

  it("holds an answer until its copy of the page store has every change made before it", async () => {
    worker = (_req, res) => {
      storeChanges += 1;
      res.end("saved");
    };
    const seq = storeChanges + 1;
    let frontHasAnswer!: (waiting: boolean) => void;
    const asked = new Promise<boolean>((resolve) => (frontHasAnswer = resolve));
    const caughtUp = mirror.caughtUp.bind(mirror);
    mirror.caughtUp = (wanted) => {
      const waiting = caughtUp(wanted);
      frontHasAnswer(wanted === seq && waiting !== undefined);
      return waiting;
    };
    let answered = false;
    const response = fetch(`${origin}/api/posts/1`, { method: "PUT" }).then(async (r) => {
      answered = true;
      return r.text();
    });
    // The front has the worker's answer, but not the change the worker made before it.
    expect(await asked).toBe(true);
    expect(answered).toBe(false);
    mirror.apply({ seq, change: { gone: ["/"] } });
    expect(await response).toBe("saved");
    mirror.caughtUp = caughtUp;
  });

  it("drops an answer whose visitor hung up while it waited for the page store, and serves on", async () => {
    worker = (_req, res) => {
      storeChanges += 1;
      res.end("rendered");
    };
    const seq = storeChanges + 1;
    let frontHasAnswer!: () => void;
    const asked = new Promise<void>((resolve) => (frontHasAnswer = resolve));
    const caughtUp = mirror.caughtUp.bind(mirror);
    mirror.caughtUp = (wanted) => {
      frontHasAnswer();
      return caughtUp(wanted);
    };
    const unexpected: unknown[] = [];
    const keep = (error: unknown) => unexpected.push(error);
    process.on("unhandledRejection", keep);
    process.on("uncaughtException", keep);
    let frontSocket!: net.Socket;
    front.once("connection", (socket: net.Socket) => (frontSocket = socket));
    const visitor = net.connect((front.address() as AddressInfo).port, "127.0.0.1");
    visitor.write("GET /about HTTP/1.1\r\nHost: site\r\n\r\n");
    await asked;
    // The visitor's connection ends (they left, or a timer closed it) before the answer may go.
    const gone = new Promise((resolve) => frontSocket.once("close", resolve));
    visitor.destroy();
    await gone;
    mirror.caughtUp = caughtUp;
    mirror.apply({ seq, change: { gone: [] } });
    // The next visitor is answered: the process, and this server, live on.
    worker = (_req, res) => res.end("still here");
    expect(await (await fetch(`${origin}/about`)).text()).toBe("still here");
    process.off("unhandledRejection", keep);
    process.off("uncaughtException", keep);
    expect(unexpected).toEqual([]);
  });

  it("opens nothing to the worker for a visitor who left while the request waited for it", async () => {
    // A proxy of its own, so any call it makes needs a new connection to the worker.
    const pass = proxyToWorker(socketPath, mirror);
    let connections = 0;
    const count = () => (connections += 1);
    workerServer.on("connection", count);
    let visitorGone!: () => void;
    const gone = new Promise<void>((resolve) => (visitorGone = resolve));
    // As the front does while the worker starts: the request waits, here until its visitor has left.
    const waiting = http.createServer((req, res) => {
      res.once("close", () => {
        pass(req, res);
        visitorGone();
      });
    });
    await new Promise<void>((resolve) => waiting.listen(0, "127.0.0.1", resolve));
    const visitor = net.connect((waiting.address() as AddressInfo).port, "127.0.0.1");
    visitor.write("GET /about HTTP/1.1\r\nHost: site\r\n\r\n");
    waiting.once("request", () => visitor.destroy());
    await gone;
    // The next visitor through the same proxy is answered over the one connection it opens.
    const direct = http.createServer(pass);
    await new Promise<void>((resolve) => direct.listen(0, "127.0.0.1", resolve));
    worker = (_req, res) => res.end("ok");
    const next = await fetch(`http://127.0.0.1:${(direct.address() as AddressInfo).port}/after`);
    expect(await next.text()).toBe("ok");
    workerServer.off("connection", count);
    waiting.close();
    direct.close();
    // Before, a request to the worker was begun for the one who left and never ended: a
    // connection held for nothing, and the next visitor needed another.
    expect(connections).toBe(1);
  });

  it("hears out a visitor still sending a body the worker has refused, on the same connection", async () => {
    // The worker answers after a first chunk and reads no more, as Astro does once it
    // refuses an upload (local-uploads.server.ts); the visitor's client sends all of the
    // body before it reads the answer.
    worker = (req, res) => {
      req.once("data", () => {
        req.pause();
        res.writeHead(413).end("The file is too large");
      });
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connections: unknown[] = [];
    const count = (socket: unknown) => connections.push(socket);
    front.on("connection", count);
    const put = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${origin}/api/uploads/raw/x.jpg`, { method: "PUT", agent });
        let sent = false;
        let answer: { status: number; body: string } | undefined;
        const done = () => {
          if (sent && answer) resolve(answer);
        };
        request.on("error", reject);
        request.on("response", (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => {
            answer = { status: response.statusCode ?? 0, body };
            done();
          });
        });
        request.end(Buffer.alloc(32 * 1024 * 1024, 1), () => {
          sent = true;
          done();
        });
      });
    expect(await put()).toEqual({ status: 413, body: "The file is too large" });
    expect(await put()).toEqual({ status: 413, body: "The file is too large" });
    front.off("connection", count);
    agent.destroy();
    expect(connections).toHaveLength(1);
  });

  it("answers 503 with Retry-After when the worker cannot be reached", async () => {
    const lost = http.createServer(proxyToWorker(path.join(dir, "nobody.sock"), mirror));
    await new Promise<void>((resolve) => lost.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${(lost.address() as AddressInfo).port}/`);
    lost.close();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
  });

  it("stops the worker's work when the visitor leaves", async () => {
    let closed!: () => void;
    const workerSawClose = new Promise<void>((resolve) => (closed = resolve));
    worker = (_req, res) => {
      res.on("close", closed);
      res.write("partial");
    };
    const controller = new AbortController();
    const response = await fetch(`${origin}/slow`, { signal: controller.signal });
    controller.abort();
    await response.body?.cancel().catch(() => undefined);
    await workerSawClose;
  });
});
