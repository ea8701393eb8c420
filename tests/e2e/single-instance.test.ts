import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../setup/free-port";
import { cacheState, E2E_ADMIN, e2eDataDir, hydrated } from "./support";

// What `npm start` does beyond serving: these start servers of their own.

test("a second server on the same data directory refuses to start, and the first keeps serving", async ({
  request,
}) => {
  const second = spawn(process.execPath, ["src/server/start.ts"], {
    env: { ...process.env, DATA_DIR: e2eDataDir("pglite"), PORT: "0", HOST: "127.0.0.1" },
  });
  let stderr = "";
  second.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("is in use by another running server");
  expect(stderr).toContain("different DATA_DIR");
  expect((await request.get("/api/posts")).status()).toBe(200);
});

test("without SITE_URL, the owner signs in from whichever address the site was opened at", async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-origin-"));
  const port = await freePort();
  const { SITE_URL: _unset, ...env } = process.env;
  // Listening on every interface, the site cannot know which name a browser will use.
  const server = spawn(process.execPath, ["src/server/start.ts"], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "0.0.0.0",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  });
  let stdout = "";
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes("is running at")) resolve();
      });
      server.on("exit", (code) => {
        reject(new Error(`the server exited with ${String(code)}`));
      });
    });
    expect(stdout).toContain("Writes: accepted from pages at the address the browser used");
    expect(stdout).toContain("Set SITE_URL");

    await page.goto(`http://127.0.0.1:${port}/login`);
    await hydrated(page, "LoginForm");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${port}/admin`);
    await expect(page.getByRole("heading", { name: `Welcome back, ${E2E_ADMIN.username}!` })).toBeVisible();

    // Another site's page still cannot write.
    const forged = await page.request.post(`http://127.0.0.1:${port}/api/auth/logout`, {
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.on("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("after a clean stop, the site keeps the pages it had stored, and a change still drops them", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-restart-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const start = () =>
    spawn(process.execPath, ["src/server/start.ts"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: origin,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      },
      stdio: "ignore",
    });
  const stop = async (server: ReturnType<typeof spawn>) => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
  let server = start();
  try {
    await expect
      .poll(
        () =>
          request.get("/").then(
            (r) => r.status(),
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    // Signed in once: the session lives in the database, so it holds across the restart.
    expect((await request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    expect(await cacheState(request, "/")).toBe("fresh");
    await stop(server);

    server = start();
    await expect
      .poll(
        () =>
          request.get("/api/auth/me").then(
            (r) => r.status(),
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    // Nothing has rendered home in this run: the store holds the page the last one kept.
    expect(await cacheState(request, "/")).toBe("fresh");

    // Home shows the featured post.
    const post = (await (await request.get("/api/posts/featured")).json()) as Record<string, unknown>;
    const title = `Kept Across a Restart ${Date.now()}`;
    const { excerpt, content, category } = post;
    const saved = await request.put(`/api/posts/${String(post.id)}`, { data: { title, excerpt, content, category } });
    expect(saved.status(), await saved.text()).toBe(200);
    await request.post("/api/auth/logout");
    expect(await (await request.get("/")).text()).toContain(title);
  } finally {
    await stop(server);
    await request.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
