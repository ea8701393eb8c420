import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/setup/free-port.ts";

export interface StaticServer {
  name: string;
  url: string;
  stop(): Promise<void>;
}

/** The headers a stored page is sent with, to be sent by the baseline too (hop-by-hop ones left out). */
export type PageHeaders = [string, string][];

/** Wait (up to 5 s) until a server answers at `url`. */
async function waitUntilUp(url: string): Promise<void> {
  for (
    let i = 0;
    i < 200 &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const hasNginx = () => spawnSync("nginx", ["-v"]).status === 0;

/**
 * Static servers sending the same bytes and headers as a stored page: nginx (one worker)
 * when installed, first, then a bare node:http server, the fastest the site's own runtime
 * answers a request that needs no work; with `firstOnly`, nginx alone when installed.
 */
export async function startStaticServers(
  body: Buffer,
  headers: PageHeaders,
  firstOnly = false,
): Promise<StaticServer[]> {
  const servers: StaticServer[] = [];
  if (hasNginx()) servers.push(await startNginx(await freePort(), body, headers));
  if (!firstOnly || servers.length === 0) servers.push(await startNodeHttp(await freePort(), body, headers));
  return servers;
}

async function startNginx(port: number, body: Buffer, headers: PageHeaders): Promise<StaticServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-nginx-"));
  writeFileSync(path.join(dir, "page"), body);
  const quote = (v: string) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  const contentType = headers.find(([n]) => n.toLowerCase() === "content-type")?.[1] ?? "text/html";
  const extra = headers
    .filter(([n]) => n.toLowerCase() !== "content-type")
    .map(([n, v]) => `      add_header ${n} ${quote(v)} always;`)
    .join("\n");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    location = /page {
      default_type ${quote(contentType)};
${extra}
      alias ${dir}/page;
    }
  }
}
`,
  );
  const child = spawn("nginx", ["-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/page`;
  await waitUntilUp(url);
  return {
    name: "nginx",
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// In its own process, like nginx, so it does not share a core with the load generator.
const NODE_SERVER = `
import { readFileSync } from "node:fs";
const [port, bodyFile, headersFile] = process.argv.slice(1);
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8"));
http.createServer((req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}).listen(Number(port), "127.0.0.1");
`;

async function startNodeHttp(port: number, body: Buffer, headers: PageHeaders): Promise<StaticServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-node-static-"));
  writeFileSync(path.join(dir, "page"), body);
  writeFileSync(path.join(dir, "headers.json"), JSON.stringify(headers));
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", NODE_SERVER, String(port), path.join(dir, "page"), path.join(dir, "headers.json")],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}/page`;
  await waitUntilUp(url);
  return {
    name: "node:http",
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
