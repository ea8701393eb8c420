import { rmSync } from "node:fs";
import pg from "pg";
import { LATE_AT_START_SECONDS } from "../../src/modules/editorial/publication";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance, type Place } from "./instance";
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
  let instance: Instance | undefined;
  try {
    instance = await start();
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
    await instance?.stop();
    await owner.dispose();
    rmSync(place.dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

test("a schedule that fell due while no instance ran is published by the next start, once, with its late note", async ({
  playwright,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const name = `meh_e2e_schedule_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = databaseUrl(server, name);
  const [one, two] = [await newPlace(), await newPlace()];
  const origin = `http://127.0.0.1:${String(one.port)}`;
  const owner = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const started: Instance[] = [];
  const start = async (place: Place) => {
    const instance = await startInstance(
      playwright,
      url,
      { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password },
      place,
    );
    started.push(instance);
    return instance;
  };
  // The database's content version: every statement that changes what pages show moves it on.
  const version = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ v: string }>(
      `select "value" #>> '{}' as v from app_state where key = 'content_version'`,
    );
    await client.end();
    return Number(rows[0]?.v);
  };
  try {
    const first = await start(one);
    expect((await owner.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    const due = Date.now() + 3000;
    const made = await owner.post("/api/posts", {
      data: {
        title: "Published While Nobody Watched",
        excerpt: "The site was off. The post went out anyway, eventually.",
        content: "It was due at a time nobody was around to notice.",
        category: "Meh Moments",
        status: "scheduled",
        publishedAt: new Date(due).toISOString(),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { slug } = (await made.json()) as { slug: string };
    await first.stop();

    // Its time passes with every instance stopped, by more than a start forgives.
    await expect.poll(() => Date.now() > due + (LATE_AT_START_SECONDS + 1) * 1000, { timeout: 20_000 }).toBe(true);
    const before = await version();
    // Two instances start on the database at once: each one's first sweep finds it due.
    const [a, b] = await Promise.all([start(one), start(two)]);
    await expect
      .poll(async () =>
        ((await owner.get(`/api/posts/${slug}`)).json() as Promise<{ status: string }>).then((p) => p.status),
      )
      .toBe("published");
    const post = (await (await owner.get(`/api/posts/${slug}`)).json()) as { lateSeconds: number | null };
    expect(post.lateSeconds).toBeGreaterThan(LATE_AT_START_SECONDS);
    expect((await b.request.get(`/post/${slug}`)).status()).toBe(200);
    // Flipped by one sweep only: one statement changed the post.
    expect((await version()) - before).toBe(1);

    // The owner reads why it is late, in the manager.
    const context = await browser.newContext({ baseURL: origin });
    await context.addCookies((await owner.storageState()).cookies);
    const page = await context.newPage();
    await page.goto("/admin/posts");
    const card = page.locator(".manager__card", { hasText: "Published While Nobody Watched" });
    await card.getByRole("button", { name: /^Edit/ }).click();
    await expect(page.getByRole("dialog")).toContainText(/late: the site was not running/);
    await context.close();
    await Promise.all([a.stop(), b.stop()]);
  } finally {
    await Promise.all(started.map((instance) => instance.stop()));
    await owner.dispose();
    for (const place of [one, two]) rmSync(place.dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

test("a server whose database was dropped under it still ends on SIGTERM, within its deadline", async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const name = `meh_e2e_dropped_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  let instance: Instance | undefined;
  try {
    instance = await startInstance(playwright, databaseUrl(server, name), { SHUTDOWN_TIMEOUT_SECONDS: "5" });
    expect((await instance.request.get("/")).status()).toBe(200);
    await admin.query(`drop database "${name}" with (force)`);
    // Meanwhile what must be rendered says the site is unavailable for now, never 500.
    const page = await instance.request.get(`/archive?search=${crypto.randomUUID()}`);
    expect(page.status()).toBe(503);
    expect(page.headers()["retry-after"]).toBeDefined();
    const call = await instance.request.get("/api/posts?page=2");
    expect(call.status()).toBe(503);
    const since = Date.now();
    await instance.stop();
    expect(Date.now() - since).toBeLessThan(7000);
  } finally {
    await instance?.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
