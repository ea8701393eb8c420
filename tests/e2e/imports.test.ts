import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { oldSiteImage, startFakeOldSite, type FakeOldSite } from "../setup/fake-old-site";
import { fixtureFile, fixtureZip } from "../setup/import-fixtures";
import { writeZip } from "../setup/zip-files";
import { expect, test } from "./fixtures";
import { newPlace, startInstance, type Instance, type Place } from "./instance";

// A site of its own: imports write many posts, and one journey kills the site mid-import.
const ADMIN = { username: "import-admin", password: "a long import password" };
// The fake old site is on loopback, which an import may fetch from only when named.
const ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, IMPORT_PRIVATE_HOSTS: "127.0.0.1" };

// One site for both journeys, one of which kills it: they take turns.
test.describe.configure({ mode: "serial" });

let place: Place;
let site: Instance | undefined;
let oldSite: FakeOldSite;
let files: string;

const start = (playwright: Parameters<typeof startInstance>[0]) =>
  startInstance(playwright, `file:${path.join(place.dataDir, "db")}`, ENV, place);

/** `npm run import` with `args`, against the place's data folder: its exit code and what it printed. */
function importCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", ...args], {
    env: { ...process.env, ...ENV, DATA_DIR: place.dataDir, SITE_URL: `http://127.0.0.1:${String(place.port)}` },
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

async function signIn(page: Page, origin: string): Promise<void> {
  const response = await page.context().request.post(`${origin}/api/auth/login`, {
    data: ADMIN,
    headers: { Origin: origin },
  });
  expect(response.status()).toBe(200);
}

/** Send an export from the import screen and wait for its report. */
async function uploadExport(page: Page, origin: string, file: string): Promise<void> {
  await page.goto(`${origin}/admin/import`);
  await page.getByLabel("Export file").setInputFiles(file);
  await page.getByRole("button", { name: "Read the export" }).click();
  await expect(page.getByRole("heading", { name: /: Waiting for you$/ })).toBeVisible({ timeout: 60_000 });
}

/**
 * Whether an image on the page loads whole: brought into view, and once the browser has
 * finished with it (the image endpoint resizes on the first ask, which takes a while).
 */
async function loaded(page: Page, selector: string): Promise<boolean> {
  const img = page.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  return img.evaluate((element: HTMLImageElement) =>
    element.complete
      ? element.naturalWidth > 0
      : new Promise<boolean>((resolve) => {
          element.addEventListener(
            "load",
            () => {
              resolve(element.naturalWidth > 0);
            },
            { once: true },
          );
          element.addEventListener(
            "error",
            () => {
              resolve(false);
            },
            { once: true },
          );
        }),
  );
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  place = await newPlace();
  files = mkdtempSync(path.join(os.tmpdir(), "meh-imports-"));
  // The dry run asks for the held image once; the import's own fetch of it is held.
  oldSite = await startFakeOldSite("hold-me", 1);
  site = await start(playwright);
});
test.afterAll(async () => {
  await site?.stop();
  await oldSite.close();
  rmSync(place.dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

test("the owner imports a Substack export: report, progress, the post with its image, its old address", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const origin = site?.origin ?? "";
  await signIn(page, origin);
  const file = await fixtureZip(
    "substack",
    "mehletter-export/",
    /https:\/\/substackcdn\.com/g,
    oldSite.origin,
    path.join(files, "mehletter.zip"),
  );
  await uploadExport(page, origin, file);
  await expect(page.getByRole("heading", { name: "A Substack export" })).toBeVisible();
  const counts = page.getByRole("definition");
  await expect(page.getByLabel("What the export holds")).toContainText("Posts3");
  await expect(counts.first()).toHaveText("3");
  await expect(page.getByText("Nothing has been written yet.")).toBeVisible();
  await page.getByText("Left behind").click();
  await expect(page.getByText("1 threads")).toBeVisible();

  await page.getByLabel(/Keep published posts published/).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 posts brought in." })).toBeVisible({ timeout: 60_000 });

  // The old address leads to the new page, and the page shows the image the import copied.
  const old = await page.context().request.get(`${origin}/p/the-queue-at-the-post-office`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe("/post/the-queue-at-the-post-office");
  await page.goto(`${origin}/p/the-queue-at-the-post-office`);
  await expect(page).toHaveURL(`${origin}/post/the-queue-at-the-post-office`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The queue at the post office, reconsidered");
  const figure = page.getByRole("figure").filter({ hasText: "Seven people, one open counter." });
  await expect(figure).toBeVisible();
  await expect(figure.getByRole("img", { name: "A queue of seven people" })).toHaveAttribute(
    "src",
    // Served resized by the image endpoint, from the copy the import made.
    /imported-[0-9a-f]{32}\.jpg/,
  );
  expect(await loaded(page, "figure img")).toBe(true);

  // Listed among the old addresses, and once removed, not found.
  await page.goto(`${origin}/admin/import`);
  const row = page.getByRole("row").filter({ hasText: "/p/the-queue-at-the-post-office" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Remove /p/the-queue-at-the-post-office" }).click();
  await expect(row).toHaveCount(0);
  const gone = await page.context().request.get(`${origin}/p/the-queue-at-the-post-office`, { maxRedirects: 0 });
  expect(gone.status()).toBe(404);

  // The same export again: nothing new.
  await uploadExport(page, origin, file);
  await expect(page.getByText("3 were imported before and stay as they are.")).toBeVisible();
});

test("the owner imports a WordPress export: maps its categories, watches it come in, and opens a post with its images", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The old blog, which keeps one image waiting once the import asks for it: the progress shows meanwhile.
  const blog = await startFakeOldSite("door-2", 1);
  try {
    const origin = site?.origin ?? "";
    await signIn(page, origin);
    const file = await fixtureFile(
      "wordpress/export.xml",
      /https:\/\/oldblog\.example/g,
      blog.origin,
      path.join(files, "wordpress.xml"),
    );
    await uploadExport(page, origin, file);
    await expect(page.getByRole("heading", { name: `A WordPress export from ${blog.origin}` })).toBeVisible();
    await expect(page.getByLabel("What the export holds")).toContainText("Posts5");
    await page.getByText("Missing images (1)").click();
    await expect(page.getByText(/missing-door\.jpg in “A draft about doors”: the old site answered 404/)).toBeVisible();
    await page.getByText("Left behind").click();
    await expect(page.getByText("3 comments")).toBeVisible();
    // The category named like one of the four is matched already; the owner maps another.
    await expect(page.getByLabel("Category for Meh Moments")).toHaveValue("Meh Moments");
    await page.getByLabel("Category for Hotels").selectOption("Waiting Room Diaries");
    await page.getByLabel(/Keep published posts published/).check();
    await page.getByRole("button", { name: "Import", exact: true }).click();

    await blog.held;
    await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "1 of 5 posts" })).toBeVisible();
    blog.release();
    const outcome = page.getByRole("status").filter({ hasText: "5 posts brought in" });
    await expect(outcome).toBeVisible({ timeout: 60_000 });
    await expect(outcome).toContainText("2 images could not be brought.");
    await page.getByText("Images that could not be brought (2)").click();
    await expect(page.getByText(/door-2\.jpg: the old site answered 503/)).toBeVisible();
    // The owner has a copy of the one the old blog lost: sent once, the post that shows it shows it.
    const copy = path.join(files, "door.jpg");
    writeFileSync(copy, await oldSiteImage());
    await page.getByLabel(/^Send a copy of .*missing-door\.jpg$/).setInputFiles(copy);
    await expect(page.getByRole("status").filter({ hasText: "1 post shows it now." })).toBeVisible();
    await expect(page.getByText("Images that could not be brought (1)")).toBeVisible();

    // The old address leads to the post, in the category the owner chose, with its images here.
    await page.goto(`${origin}/2019/05/why-the-lobby-matters/`);
    await expect(page).toHaveURL(`${origin}/post/why-the-lobby-matters`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why the lobby matters");
    await expect(page.getByRole("main")).toContainText("Waiting Room Diaries");
    const figure = page.getByRole("figure").filter({ hasText: "The lobby of the" });
    await expect(figure.getByRole("img", { name: "A beige lobby with one chair" })).toHaveAttribute(
      "src",
      /imported-[0-9a-f]{32}\.jpg/,
    );
    expect(await loaded(page, "figure img")).toBe(true);
    // The link to an old post the export did not bring still leads to the old blog.
    await expect(page.getByRole("link", { name: "one that does not" })).toHaveAttribute(
      "href",
      `${blog.origin}/2019/04/the-carpet/`,
    );
  } finally {
    await blog.close();
  }
});

test("npm run import asks the running site: the report printed, and with --dry-run nothing written", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const origin = site?.origin ?? "";
  const file = await fixtureZip("markdown/hugo", "blog/", /$^/g, oldSite.origin, path.join(files, "hugo.zip"));
  const { code, output } = await importCommand([file, "--dry-run"]);
  expect(code, output).toBe(0);
  expect(output).toContain("The site is running: it does the import.");
  expect(output).toContain("A Markdown folder export (hugo)");
  expect(output).toContain("2 images: 1 in the export, 0 to fetch, 1 missing");
  expect(output).toContain("Dry run: nothing was written.");
  await signIn(page, origin);
  const posts = await page.context().request.get(`${origin}/api/posts?status=all&limit=50`);
  expect(((await posts.json()) as { title: string }[]).map((p) => p.title)).not.toContain("First Light");
  await page.goto(`${origin}/admin/import`);
  await expect(page.getByRole("listitem").filter({ hasText: "hugo.zip" })).toContainText("Cancelled");
});

test("an import killed mid-way goes on when the site starts again: every post once, every image once", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  // Six posts, five images; the fourth post's image is held by the old site until the site is killed.
  const posts = new Map<string, Buffer>();
  for (let n = 1; n <= 6; n++) {
    const image = n === 4 ? "hold-me" : `img-${String(n === 6 ? 1 : n)}`;
    posts.set(
      `posts/post-${String(n)}.md`,
      Buffer.from(
        `---\ntitle: Interrupted ${String(n)}\ndate: 2020-01-0${String(n)}\n---\n![Picture ${String(n)}](${oldSite.origin}/${image}.jpg)\n\nWords ${String(n)}.\n`,
      ),
    );
  }
  const file = path.join(files, "interrupted.zip");
  await writeZip(file, posts);
  const copies = () =>
    readdirSync(path.join(place.dataDir, "uploads", "images")).filter((name) => name.startsWith("imported-"));
  const before = copies();
  let origin = site?.origin ?? "";
  await signIn(page, origin);
  await uploadExport(page, origin, file);
  await expect(page.getByText("Images: 0 in the export, 5 to fetch from the old site.")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await oldSite.held;
  // Three posts are in, the fourth waits for its image: the site dies here.
  await expect(page.getByRole("status").filter({ hasText: "3 of 6 posts" })).toBeVisible();
  // The screen polls the run; left open, a poll sent with the old session could reach the
  // restarted site after the new sign-in, and an answer to it that finds the session unknown
  // clears the session cookie, the new one with it.
  await page.goto("about:blank");
  await site?.kill();

  site = await start(playwright);
  origin = site.origin;
  await signIn(page, origin);
  // The list of runs is read once, with no retry: if the restarted site could not answer it,
  // the test says how, with what the server printed, rather than wait for a button.
  const restarted = site;
  const withLog = (error: unknown) => {
    throw new Error(`${String(error)}\nThe restarted site printed:\n${restarted.log()}`);
  };
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/imports" && response.request().method() === "GET",
    { timeout: 60_000 },
  );
  await page.goto(`${origin}/admin/import`, { timeout: 60_000 }).catch(withLog);
  const list = await listed.catch(withLog);
  expect(list.status(), `GET /api/imports: ${await list.text()}\n${restarted.log()}`).toBe(200);
  await page.getByRole("button", { name: "interrupted.zip" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "6 posts brought in." })).toBeVisible({ timeout: 60_000 });
  const titles = await page.context().request.get(`${origin}/api/posts?status=draft&limit=50`);
  expect(titles.status()).toBe(200);
  const body = (await titles.json()) as { title: string }[];
  const interrupted = body.map((p) => p.title).filter((t) => t.startsWith("Interrupted"));
  expect(interrupted.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Interrupted ${String(n)}`));
  expect(copies().filter((name) => !before.includes(name))).toHaveLength(5);
});
