import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/setup/free-port.ts";
import { copyProject } from "../../tests/setup/project-copy.ts";

const start = fileURLToPath(new URL("start.ts", import.meta.url));
// A folder with no build in it: the start script works from the folder it is run in.
const unbuilt = mkdtempSync(path.join(os.tmpdir(), "meh-unbuilt-"));
afterAll(() => {
  rmSync(unbuilt, { recursive: true, force: true });
});

describe("npm start with no build", () => {
  it("says which setting is wrong before spending a minute on the build", () => {
    const run = spawnSync(process.execPath, [start], {
      cwd: unbuilt,
      env: { ...process.env, PORT: "eighty" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("PORT:");
    expect(run.stdout).not.toContain("building");
  });
});

describe("npm start with a build older than its sources", () => {
  it("builds again, says so, and serves the edit", { timeout: 240_000 }, async () => {
    const copy = copyProject();
    try {
      // The last build, newer than every copied file and folder and older than the edit: were
      // it run, it would say so and stop.
      const builtAt = (Date.now() + 1000) / 1000;
      for (const name of ["entry", "front", "site-worker"]) {
        const file = path.join(copy, "dist/server", `${name}.mjs`);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, 'console.log("the old build"); process.exit(3);\n');
        utimesSync(file, builtAt, builtAt);
      }
      const about = path.join(copy, "content/pages/about.md");
      writeFileSync(about, `${readFileSync(about, "utf8")}\nEdited after the last build.\n`);
      utimesSync(about, builtAt + 1, builtAt + 1);

      const port = await freePort();
      const server = spawn(process.execPath, ["src/server/start.ts"], {
        cwd: copy,
        env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: path.join(copy, "data"), SITE_URL: "" },
      });
      let output = "";
      server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => server.once("exit", resolve));
      try {
        await vi.waitFor(
          async () => {
            expect(server.exitCode, output).toBeNull();
            const page = await fetch(`http://127.0.0.1:${port}/about`).then((r) => r.text());
            expect(page).toContain("Edited after the last build.");
          },
          { timeout: 220_000, interval: 250 },
        );
      } finally {
        server.kill("SIGTERM");
        await exited;
      }
      expect(output).toContain(
        `${path.join("content", "pages", "about.md")} changed after the last build: building the site again...`,
      );
      expect(output).not.toContain("the old build");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
