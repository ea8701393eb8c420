import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";

// Runs in the PostgreSQL project only: a second instance joins the test server's database.

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

test("a write on one instance drops and rebuilds the same pages on the other", async ({ admin, playwright }) => {
  test.setTimeout(90_000);
  const server = process.env.TEST_DATABASE_URL ?? "";
  const database = process.env.E2E_PG_DATABASE ?? "";
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meh-second-"));
  const second = spawn("tsx", ["scripts/start.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(server, database),
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: "ignore",
  });
  const other = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    await expect
      .poll(
        () =>
          other.get("/api/posts/recent").then(
            (r) => r.status(),
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    // Polled: another writer test's change may drop the page between two reads.
    await expect.poll(async () => (await other.get("/")).headers()["x-astro-cache"], { timeout: 5000 }).toBe("HIT");

    const title = `Two Instances ${crypto.randomUUID().slice(0, 8)}`;
    const response = await admin.post("/api/posts", {
      data: { title, excerpt: "Seen everywhere.", content: "Once, on one instance.", category: "Meh Moments" },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };

    await expect.poll(async () => (await other.get("/")).text(), { timeout: 5000 }).toContain(title);
    await expect.poll(async () => (await other.get("/")).headers()["x-astro-cache"], { timeout: 5000 }).toBe("HIT");
    await admin.delete(`/api/posts/${id}`);
    await expect.poll(async () => (await other.get("/")).text(), { timeout: 5000 }).not.toContain(title);
  } finally {
    await other.dispose();
    second.kill("SIGTERM");
    await new Promise((resolve) => second.on("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
