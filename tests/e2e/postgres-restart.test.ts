import { rmSync } from "node:fs";
import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { newPlace, startInstance } from "./instance";
import { cacheState, E2E_ADMIN } from "./support";

// Runs in the PostgreSQL project only, on a database of its own: other tests' writes would
// move its content version between the restarts.

test("after a clean stop on PostgreSQL, the pages kept are answered again only while the database still holds what they show", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const name = `meh_e2e_restart_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = databaseUrl(server, name);
  const place = await newPlace();
  const site = { origin: `http://127.0.0.1:${place.port}` };
  // The owner's session lives in the database, so it holds across the restarts.
  const owner = await playwright.request.newContext({
    baseURL: site.origin,
    extraHTTPHeaders: { Origin: site.origin },
  });
  const start = () =>
    startInstance(playwright, url, { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password }, place);
  try {
    let instance = await start();
    await instance.request.get("/");
    expect((await owner.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    expect(await cacheState(owner, "/")).toBe("fresh");
    await instance.stop();

    // Unchanged while it was away: home is held from what it kept, before anything rendered it.
    instance = await start();
    expect(await cacheState(owner, "/")).toBe("fresh");
    await instance.stop();

    // Changed while it was away, by something other than the site: nothing old is kept.
    const content = new pg.Client({ connectionString: url });
    await content.connect();
    const title = `Renamed While Away ${Date.now()}`;
    await content.query(`update posts set title = $1 where featured`, [title]);
    await content.end();
    instance = await start();
    expect(await cacheState(owner, "/")).not.toBe("fresh");
    expect(await (await instance.request.get("/")).text()).toContain(title);
    await instance.stop();
  } finally {
    await owner.dispose();
    rmSync(place.dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
