import { spawn, type ChildProcess } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/setup/free-port.ts";
import { copyProject } from "../../tests/setup/project-copy.ts";

// `npm run dev` on a fresh copy of the project, as a newcomer runs it: the database is made
// and wired in the dev server itself (dev-server.ts), so the background jobs run there too.

const ADMIN = { username: "owner", password: "dev-server-password" };

/** Until `check` passes, or `timeout` ms have gone by; while the dev server runs. */
const until = (check: () => Promise<void>, timeout: number) => vi.waitFor(check, { timeout, interval: 250 });

describe("npm run dev", () => {
  let project: string;
  let origin: string;
  let dev: ChildProcess;
  let output = "";

  beforeAll(async () => {
    project = copyProject();
    const port = await freePort();
    origin = `http://127.0.0.1:${String(port)}`;
    // Its own process group, so the stop reaches npm and the dev server under it. Settings the
    // environment may hold are emptied (read as unset); Vitest's own would turn Astro's server off.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$)/.test(key)));
    dev = spawn("npm", ["run", "--silent", "dev", "--", "--ignore-lock"], {
      cwd: project,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: path.join(project, "data"),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...Object.fromEntries(["DATABASE_URL", "SITE_URL", "SMTP_URL", "S3_BUCKET"].map((key) => [key, ""])),
      },
    });
    dev.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Made, migrated and seeded on first start: a fresh database takes a while.
    await until(async () => {
      expect(dev.exitCode, output).toBeNull();
      expect((await fetch(`${origin}/api/posts?limit=1`)).status, output).toBe(200);
    }, 150_000);
  }, 160_000);

  afterAll(async () => {
    // As Ctrl-C would, though SIGTERM: the dev server closes the database and stops the jobs.
    if (dev.pid !== undefined && dev.exitCode === null) {
      const group = -dev.pid;
      process.kill(group, "SIGTERM");
      const gone = () => {
        try {
          process.kill(group, 0);
          return false;
        } catch {
          return true;
        }
      };
      const deadline = Date.now() + 20_000;
      while (!gone() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      if (!gone()) process.kill(group, "SIGKILL");
    }
    await rm(project, { recursive: true, force: true });
  }, 30_000);

  /** A client signed in as the admin: its session cookie, and the Origin every write needs. */
  const signIn = async () => {
    const answer = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return {
      Origin: origin,
      Cookie: answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  };

  it("publishes a post when its schedule comes", { timeout: 60_000 }, async () => {
    const headers = { ...(await signIn()), "Content-Type": "application/json" };
    const made = await fetch(`${origin}/api/posts`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        title: "The Kettle That Boiled On Time",
        excerpt: "Scheduled, then published, by the dev server's own jobs.",
        content: "It boiled when it said it would.",
        category: "Meh Moments",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 3000).toISOString(),
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { slug } = (await made.json()) as { slug: string };
    // A visitor sees nothing of it until its time, then the post.
    expect((await fetch(`${origin}/api/posts/${slug}`)).status).toBe(404);
    await until(async () => {
      expect((await fetch(`${origin}/api/posts/${slug}`)).status, output).toBe(200);
    }, 45_000);
  });

  it("writes a signup's confirmation to the outbox", { timeout: 30_000 }, async () => {
    const signup = await fetch(`${origin}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "reader@example.com" }),
    });
    expect(signup.status, await signup.clone().text()).toBe(200);
    const outbox = path.join(project, "data", "outbox");
    await until(async () => {
      const messages = await readdir(outbox).catch(() => []);
      expect(
        messages.filter((name) => name.endsWith(".eml")),
        output,
      ).toHaveLength(1);
    }, 20_000);
    const [message = ""] = await readdir(outbox);
    expect(await readFile(path.join(outbox, message), "utf8")).toMatch(/^To: reader@example\.com/m);
  });
});
