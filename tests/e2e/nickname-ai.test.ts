import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAi, responseWithText } from "../setup/fake-openai";
import { expect, test } from "./fixtures";
import { startInstance } from "./instance";

const API = "/api/nickname/generate";
const AI_NICKNAMES = [
  {
    nickname: "Ada the Adequate",
    explanation: "Meets every expectation, exceeds none.",
    category: "Perfectly Adequate",
  },
  { nickname: "Lukewarm Ada", explanation: "Served at room temperature.", category: "Lukewarm" },
  { nickname: "Ada of the Lobby", explanation: "Carpeted, pleasant, forgettable.", category: "Overlooked" },
];

const DAY_MS = 86_400_000;
/** Longer than this test takes on the slowest machine seen (45 s). */
const CROSSING_MS = 150_000;

// A site of its own, with a key and the fake OpenAI as its provider, and a database that
// outlives it, so a restart can be shown to forget nothing.
test("with a key the site answers with the AI's nicknames until the day's budget is spent, and a restart does not reset its limits", async ({
  playwright,
  browser,
}) => {
  test.setTimeout(180_000 + CROSSING_MS);
  // The AI's budget is the UTC day's, kept by the server's own clock: a run that could cross
  // midnight (three starts on a busy machine) would meet a fresh budget halfway, so it
  // begins after midnight instead.
  const toMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (toMidnight < CROSSING_MS) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1000));
  const fake = await startFakeOpenAi();
  fake.answerWith(responseWithText(JSON.stringify({ nicknames: AI_NICKNAMES })));
  const dir = mkdtempSync(path.join(os.tmpdir(), "meh-nickname-ai-"));
  const databaseUrl = `file:${path.join(dir, "db")}`;
  const env = { OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: fake.url, NICKNAME_DAILY_AI_LIMIT: "2" };
  let site = await startInstance(playwright, databaseUrl, env);
  try {
    // In the browser: the AI's cards, with no note that they were made up on the spot.
    const page = await browser.newPage({ baseURL: site.origin });
    await page.goto("/nickname-generator");
    await page.locator("astro-island:not([ssr])").waitFor({ state: "attached" });
    await page.getByLabel("Your name").fill("Ada");
    await page.getByRole("button", { name: "Generate with AI" }).click();
    await expect(page.locator(".nickname-card h3")).toHaveText(AI_NICKNAMES.map((n) => n.nickname));
    await expect(page.getByText("made up on the spot")).toHaveCount(0);
    await page.close();
    expect(fake.requests).toHaveLength(1);

    // The second AI answer of the day is the last; then the local generator answers.
    expect(await (await site.request.post(API, { data: { name: "Ada" } })).json()).toMatchObject({ source: "ai" });
    expect(await (await site.request.post(API, { data: { name: "Ada" } })).json()).toMatchObject({ source: "local" });
    expect(fake.requests).toHaveLength(2);

    const restart = async () => {
      await site.stop();
      site = await startInstance(playwright, databaseUrl, env);
    };

    // The spent budget stays spent after a restart.
    await restart();
    expect(await (await site.request.post(API, { data: { name: "Ada" } })).json()).toMatchObject({ source: "local" });
    expect(fake.requests).toHaveLength(2);

    // Spend the rest of this client's allowance: the next call is refused, saying when to come back,
    // and still is after a restart.
    let status = 200;
    for (let calls = 4; status === 200 && calls <= 31; calls++) {
      status = (await site.request.post(API, { data: { name: "Ada" } })).status();
    }
    expect(status).toBe(429);
    await restart();
    const refused = await site.request.post(API, { data: { name: "Ada" } });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    // The page's form, posted without JavaScript, still answers, from the local generator.
    const form = await site.request.post("/nickname-generator", { form: { name: "Ada" } });
    expect(form.status()).toBe(200);
    expect(await form.text()).toContain("made up on the spot");
  } finally {
    await site.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
