import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

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
