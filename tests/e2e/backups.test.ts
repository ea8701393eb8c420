import { spawn } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance, type Place } from "./instance";

// A site of its own: backups are the whole site's, one at a time, and the dashboard's word
// on them depends on every run there has been.
const ADMIN = { username: "backup-admin", password: "a long backup password" };
const BACKUP_FILE = /^backup-\d{4}-\d{2}-\d{2}-\d{6}-[a-z0-9]{6}\.zip$/;

let place: Place;
let site: Instance | undefined;

const start = async (playwright: Parameters<typeof startInstance>[0]) =>
  startInstance(playwright, `file:${path.join(place.dataDir, "db")}`, ADMIN_ENV, place);
const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** `npm run backup` against the place's data folder: its exit code and what it printed. */
function backupCommand(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts"], {
    env: { ...process.env, ...ADMIN_ENV, DATA_DIR: place.dataDir, SITE_URL: `http://127.0.0.1:${String(place.port)}` },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      resolve({ code, output });
    }),
  );
}

const backupsOnDisk = () => readdirSync(path.join(place.dataDir, "backups")).filter((name) => BACKUP_FILE.test(name));

async function signIn(page: Page, origin: string): Promise<void> {
  const response = await page.context().request.post(`${origin}/api/auth/login`, {
    data: ADMIN,
    headers: { Origin: origin },
  });
  expect(response.status()).toBe(200);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  place = await newPlace();
  // A file where the backups folder should be: the first backup fails, as on a full or broken disk.
  writeFileSync(path.join(place.dataDir, "backups"), "not a folder");
  site = await start(playwright);
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(place.dataDir, { recursive: true, force: true });
});

test("the owner downloads everything, asked about personal data, and backs up with progress, listed and verified", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const origin = site?.origin ?? "";
  await signIn(page, origin);

  await page.goto(`${origin}/admin`);
  await expect(page.getByText("There has never been a backup.")).toBeVisible();

  // Download everything: no answer is chosen for the owner, and none is taken as one.
  await page.goto(`${origin}/admin/data`);
  const yes = page.getByLabel("Yes, include it");
  const no = page.getByLabel("No, leave it out");
  await expect(yes).not.toBeChecked();
  await expect(no).not.toBeChecked();
  await expect(page.getByText("Personal data is the accounts")).toBeVisible();
  const unanswered = await page.context().request.post(`${origin}/api/data/archive`, {
    form: {},
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(unanswered.headers().location).toBe("/admin/data?download=unanswered");
  await page.goto(`${origin}/admin/data?download=unanswered`);
  await expect(page.getByRole("alert")).toHaveText("Say whether to include personal data, then download.");
  for (const [answer, suffix] of [
    [no, /-\d{4}-\d{2}-\d{2}\.zip$/],
    [yes, /-with-personal-data\.zip$/],
  ] as const) {
    await answer.check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download everything" }).click();
    expect((await download).suggestedFilename()).toMatch(suffix);
    // Read to its end, as the browser saves it: one archive is made at a time, and a second
    // asked for while the first still streams is turned away as busy.
    expect(await (await download).failure()).toBeNull();
  }

  // The first backup fails (its folder is a file): the screen and the dashboard say so.
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText(/^The backup failed: /)).toBeVisible({ timeout: 60_000 });
  await page.goto(`${origin}/admin`);
  await expect(page.getByText("The last backup failed")).toBeVisible();

  rmSync(path.join(place.dataDir, "backups"));
  await page.goto(`${origin}/admin/data`);
  await expect(page.getByText("No backups yet.")).toBeVisible();
  const drill = page.getByRole("button", { name: "Run a drill on the newest backup" });
  await expect(drill).toBeDisabled();
  await expect(page.getByText("There is no backup to drill yet: back up first.")).toBeVisible();
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByRole("progressbar", { name: "Backup progress" })).toBeVisible();
  await expect(page.getByText("The backup is done and listed below.")).toBeVisible({ timeout: 60_000 });
  const row = page.locator("tr[data-backup]");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("6 posts, 6 videos, 0 readers");
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(row.getByRole("status")).toHaveText(/^OK: all \d+ files match their checksums\.$/);
  const name = (await row.getAttribute("data-backup")) ?? "";
  expect(backupsOnDisk()).toEqual([name]);

  // The backup just made, drilled: it runs in a scratch copy, then says OK, naming the backup.
  await expect(drill).toBeEnabled();
  await drill.click();
  await expect(page.getByRole("progressbar", { name: "Drill progress" })).toBeVisible();
  await expect(page.getByText("The drill is done.")).toBeVisible({ timeout: 60_000 });
  const drilled = page.locator("[data-drill-result]");
  await expect(drilled).toContainText(name);
  await expect(drilled.locator("[data-drill-outcome]")).toHaveText(
    /^OK: all \d+ tables hold the rows the manifest counts\.$/,
  );
  const file = await page.context().request.get(`${origin}/api/data/backups/${name}`);
  expect(file.headers()["content-type"]).toBe("application/zip");
  expect((await file.body()).subarray(0, 2).toString()).toBe("PK");

  await page.goto(`${origin}/admin`);
  await expect(page.getByText(/^Last backup /)).toBeVisible();
  await expect(page.getByText(/^Last drill: OK, /)).toBeVisible();
  await expect(page.getByText("The last backup failed")).toHaveCount(0);

  // `npm run backup` while the site runs asks it; stopped, it opens the data folder itself.
  const asked = await backupCommand();
  expect(asked.code, asked.output).toBe(0);
  expect(asked.output).toContain("The site is running");
  expect(asked.output).toMatch(/Backup written: .*backups\/backup-[^ ]+\.zip \(\d+\.\d (KB|MB)\)/);
  await site?.stop();
  site = undefined;
  const alone = await backupCommand();
  expect(alone.code, alone.output).toBe(0);
  expect(alone.output).not.toContain("The site is running");
  expect(alone.output).toMatch(/Backup written: /);
  expect(backupsOnDisk()).toHaveLength(3);

  site = await start(playwright);
  await signIn(page, site.origin);
  await page.goto(`${site.origin}/admin/data`);
  await expect(page.locator("tr[data-backup]")).toHaveCount(3);
});
