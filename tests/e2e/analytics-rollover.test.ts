import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";

// On PostgreSQL, where the test can reach the site's database: the day's salt and sketches are
// moved back a day, which is what the clock passing midnight does to them.

const run = Math.random().toString(36).slice(2, 10);
const READER = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Reader/rollover-${run}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("after the day rolls over, the same visitor is new and the closed day's salt is gone", async ({
  browser,
  admin,
}) => {
  const today = async () => {
    const response = await admin.get(`/api/analytics/summary?from=${day(0)}&to=${day(0)}`);
    const summary = (await response.json()) as { days: { views: number; visitors: number }[] };
    const { views = 0, visitors = 0 } = summary.days[0] ?? {};
    return { views, visitors };
  };
  const database = new pg.Client({
    connectionString: databaseUrl(process.env.TEST_DATABASE_URL ?? "", process.env.E2E_PG_DATABASE ?? ""),
  });
  await database.connect();
  try {
    const before = await today();
    const reader = await browser.newContext({ userAgent: READER });
    const page = await reader.newPage();
    await page.goto("/");
    await expect.poll(today, { timeout: 10_000 }).toEqual({ views: before.views + 1, visitors: before.visitors + 1 });
    const salts = async () =>
      (await database.query<{ day: string; salt: string }>("select day::text, salt from analytics_salts")).rows;
    const [oldSalt] = await salts();

    // Midnight passes: what today's visitors are known by becomes yesterday's.
    await database.query("begin");
    await database.query("delete from analytics_salts where day = $1", [day(-1)]);
    await database.query("delete from analytics_sketches where day = $1", [day(-1)]);
    await database.query("update analytics_salts set day = $1 where day = $2", [day(-1), day(0)]);
    await database.query("update analytics_sketches set day = $1 where day = $2", [day(-1), day(0)]);
    await database.query("commit");

    await page.reload();
    await expect.poll(today, { timeout: 10_000 }).toEqual({ views: before.views + 2, visitors: before.visitors + 2 });
    // The day that closed is forgotten: its salt and its visitors' sketches.
    const after = await salts();
    expect(after.map((salt) => salt.day)).toEqual([day(0)]);
    expect(after[0]?.salt).not.toBe(oldSalt?.salt);
    const closed = await database.query<{ n: number }>(
      "select count(*)::int as n from analytics_sketches where day < $1",
      [day(0)],
    );
    expect(closed.rows[0]?.n).toBe(0);
    await reader.close();
  } finally {
    await database.end();
  }
});
