import { spawn, spawnSync } from "node:child_process";
import { rm, rmdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { databaseUrl } from "./postgres-url.ts";

/**
 * Start the built site for the browser tests, as `npm start` does. On PostgreSQL it first
 * makes a fresh database on TEST_DATABASE_URL's server, and drops it when stopped. Its data
 * directory goes once the site has stopped (which writes there as it stops), and the folder
 * of all the servers' directories with the last of them.
 */
const server = process.env.TEST_DATABASE_URL;
let dropDatabase = async (): Promise<void> => {};
const env = { ...process.env };

if (process.env.E2E_ENGINE === "postgres" && server) {
  const name = process.env.E2E_PG_DATABASE ?? `meh_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  env.DATABASE_URL = databaseUrl(server, name);
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}

const reader = spawnSync("tsx", ["tests/setup/e2e-reader.ts"], { env, stdio: "inherit" });
if (reader.status !== 0) {
  await dropDatabase();
  process.exit(1);
}
// Playwright waits 10 s after its SIGTERM (gracefulShutdown), then kills this process, which
// would leave the site running and its database behind: the site's own stop ends within 5 s
// (it exits with code 1 then, saying why), and is killed 2 s after that if it has not.
env.SHUTDOWN_TIMEOUT_SECONDS ??= "5";
const child = spawn(process.execPath, ["src/server/start.ts"], { env, stdio: "inherit" });
const stop = (signal: NodeJS.Signals) => {
  child.kill(signal);
  setTimeout(() => child.kill("SIGKILL"), (Number(env.SHUTDOWN_TIMEOUT_SECONDS) + 2) * 1000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
async function removeDataDir(): Promise<void> {
  const dir = process.env.DATA_DIR;
  if (!dir) return;
  await rm(dir, { recursive: true, force: true });
  await rmdir(path.dirname(dir)).catch(() => undefined);
}
child.on("exit", (code) => {
  void Promise.all([dropDatabase(), removeDataDir()]).finally(() => process.exit(code ?? 0));
});
