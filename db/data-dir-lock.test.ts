import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { lockDirectory } from "./data-dir-lock.ts";
import { processState } from "../tests/setup/process-state.ts";

let dir: string;
let parent: ChildProcess | undefined;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), "meh-lock-")), "db");
});
afterEach(async () => {
  // Ending the parent hands its zombie to init, which reaps it.
  if (parent && parent.exitCode === null && parent.signalCode === null) {
    parent.kill("SIGKILL");
    await once(parent, "exit");
  }
  await rm(path.dirname(dir), { recursive: true, force: true });
});

// A server killed with its whole process group (npm, its shell and Node, by kill -9) has
// exited, but stays a zombie until init reaps it, which may take long. It holds no files.
it.runIf(process.platform === "linux")(
  "is taken at once when its holder has exited but was never reaped (a zombie)",
  { timeout: 60_000 },
  async () => {
    // The shell starts the holder, then becomes `sleep`, which never waits for its children.
    const holder = `
      import { lockDirectory } from ${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).href)};
      if (lockDirectory(${JSON.stringify(dir)})) console.log("holding");
      process.exit(0);`;
    parent = spawn(
      "sh",
      ["-c", '"$0" --import tsx --input-type=module --eval "$1" & exec sleep 600', process.execPath, holder],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const [line] = (await once(parent.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
    expect(line.toString().trim()).toBe("holding");
    const { pid } = JSON.parse(readFileSync(`${dir}.lock/holder.json`, "utf8")) as { pid: number };
    while (processState(pid) !== "Z") await new Promise((resolve) => setTimeout(resolve, 5));

    const release = lockDirectory(dir);
    expect(release).toBeTypeOf("function");
    // Still a zombie: taken while its parent lives, not once init had reaped it.
    expect(processState(pid)).toBe("Z");
    release?.();
  },
);
