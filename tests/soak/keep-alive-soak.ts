// The keep-alive soak: the built site, as `npm start` runs it, under clients that keep their
// connections open (as browsers and Node's fetch do) and clients that hang up mid-answer, for
// five minutes (SOAK_SECONDS). It passes when the process is still serving at the end, every
// kept-alive request was answered, and nothing was logged as an unexpected failure.
// Run with `node tests/soak/keep-alive-soak.ts` after `astro build`; `npm test` runs it beside
// the browser tests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../setup/free-port.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const KEPT_CLIENTS = 6;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-soak-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const site = spawn(process.execPath, ["src/server/start.ts"], {
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "soak-password-not-used",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
site.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
site.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
let exited: string | undefined;
const siteExited = new Promise<void>((resolve) => {
  site.on("exit", (code, signal) => {
    exited = `exit code ${code ?? "none"}${signal ? `, ${signal}` : ""}`;
    resolve();
  });
});

function get(url: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Until the site answers, or has ended. */
async function started(): Promise<void> {
  for (;;) {
    if (exited) throw new Error(`The site ended before it served (${exited}).`);
    const up = await get(`${origin}/api/posts/recent`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) return;
    await Promise.race([siteExited, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
}

const random = () => Math.random().toString(36).slice(2, 10);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failures: string[] = [];
let kept = 0;
let hangUps = 0;

try {
  await started();
  const recent = JSON.parse((await get(`${origin}/api/posts/recent`)).body) as { slug: string }[];
  const videos = JSON.parse((await get(`${origin}/api/videos?limit=2`)).body) as { slug: string }[];
  // Stored pages (answered by the front), stored pages whose lifetime is short (stored again
  // by the worker, the answer waiting for the front's copy), and what is rendered every time.
  const paths = [
    "/",
    "/about",
    "/archive",
    ...recent.slice(0, 2).map((post) => `/post/${post.slug}`),
    ...videos.map((video) => `/videos/${video.slug}`),
    "/api/posts/recent",
    "/rss.xml",
  ];
  const renderedEachTime = () => [
    `/archive?search=${random()}`,
    `/api/posts?page=${1 + Math.floor(Math.random() * 3)}`,
  ];
  const end = Date.now() + SECONDS * 1000;

  // A reader whose browser keeps one connection open: a request every two seconds or so.
  const keptClient = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = index; Date.now() < end && !exited; n++) {
      const pathname = n % 4 === 3 ? (renderedEachTime()[n % 2] ?? "/") : (paths[n % paths.length] ?? "/");
      try {
        const { status } = await get(`${origin}${pathname}`, agent);
        kept += 1;
        if (status !== 200 && status !== 404) failures.push(`${pathname} answered ${status}`);
      } catch (error) {
        failures.push(`${pathname} failed on a kept connection: ${(error as Error).message}`);
      }
      await pause(1500 + Math.random() * 1000);
    }
    agent.destroy();
  };

  // A visitor who leaves mid-answer: the request sent, the connection closed at once, a few
  // milliseconds later, or once the first bytes of the answer came.
  const hangUp = (pathname: string, after: "sent" | "soon" | "first bytes") =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: gzip, br\r\n\r\n`);
        if (after === "sent") socket.destroy();
        else if (after === "soon") {
          setTimeout(() => {
            socket.destroy();
          }, Math.random() * 40);
        } else socket.once("data", () => socket.destroy());
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        hangUps += 1;
        resolve();
      });
    });
  // A visitor who leaves mid-upload.
  const halfBody = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"email":"`,
        );
        setTimeout(() => socket.destroy(), Math.random() * 40);
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        resolve();
      });
    });
  const leavers = async () => {
    const ways = ["sent", "soon", "first bytes"] as const;
    for (let n = 0; Date.now() < end && !exited; n++) {
      const all = [...paths, ...renderedEachTime()];
      await Promise.all([
        hangUp(all[n % all.length] ?? "/", ways[n % ways.length] ?? "soon"),
        hangUp(renderedEachTime()[n % 2] ?? "/", ways[(n + 1) % ways.length] ?? "soon"),
        n % 5 === 0 ? halfBody() : undefined,
      ]);
      // A few leavers a second are enough to meet every way of leaving hundreds of times; more
      // would only take the machine from whatever runs beside the soak.
      await pause(300 + Math.random() * 400);
    }
  };

  await Promise.race([
    Promise.all([...Array.from({ length: KEPT_CLIENTS }, (_, i) => keptClient(i)), leavers()]),
    siteExited,
  ]);
  if (exited) failures.push(`The site ended during the soak (${exited}).`);
  else {
    const last = await get(`${origin}/about`).catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (last.status !== 200) failures.push(`After the soak /about answered ${last.status}.`);
  }
  for (const line of log.split("\n")) {
    if (/Unexpected error|uncaught|ERR_STREAM/i.test(line)) failures.push(`The site logged: ${line}`);
  }
} catch (error) {
  failures.push((error as Error).message);
} finally {
  site.kill("SIGTERM");
  await siteExited;
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `Keep-alive soak, ${SECONDS} s: ${kept} requests on kept connections, ${hangUps} visitors who hung up mid-answer.`,
);
if (failures.length > 0) {
  console.log(`${failures.length} failures:\n  ${[...new Set(failures)].slice(0, 20).join("\n  ")}`);
  if (exited) console.log(`The site's last words:\n${log.slice(-3000)}`);
  process.exitCode = 1;
} else console.log("The site served throughout.");
