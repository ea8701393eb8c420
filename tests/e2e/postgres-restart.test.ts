import { rmSync } from "node:fs";
import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { newPlace, startInstance } from "./instance";

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
  const cacheOfHome = async (request: Awaited<ReturnType<typeof startInstance>>["request"]) =>
    (await request.get("/")).headers()["x-astro-cache"];
  try {
    let site = await startInstance(playwright, url, {}, place);
    await site.request.get("/");
    expect(await cacheOfHome(site.request)).toBe("HIT");
    await site.stop();

    // Unchanged while it was away: home is answered from what it kept, without a render.
    site = await startInstance(playwright, url, {}, place);
    expect(await cacheOfHome(site.request)).toBe("HIT");
    await site.stop();

    // Changed while it was away, by something other than the site: nothing old is answered.
    const content = new pg.Client({ connectionString: url });
    await content.connect();
    const title = `Renamed While Away ${Date.now()}`;
    await content.query(`update posts set title = $1 where featured`, [title]);
    await content.end();
    site = await startInstance(playwright, url, {}, place);
    const home = await site.request.get("/");
    expect(home.headers()["x-astro-cache"]).toBe("MISS");
    expect(await home.text()).toContain(title);
    await site.stop();
  } finally {
    rmSync(place.dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
