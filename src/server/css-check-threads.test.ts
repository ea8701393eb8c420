import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cssCheckThreads } from "./css-check-threads";

// A stand-in for the built check thread: it answers each CSS with one problem naming the CSS
// and its own thread, and ends its thread when asked to check "exit".
const dir = mkdtempSync(path.join(os.tmpdir(), "meh-css-check-"));
const script = path.join(dir, "check.mjs");
writeFileSync(
  script,
  `import { parentPort, threadId } from "node:worker_threads";
   parentPort.on("message", ({ id, css }) => {
     if (css === "exit") process.exit(3);
     parentPort.postMessage({ id, problems: [{ line: 1, column: threadId, message: css }] });
   });`,
);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("answers each check with its own problems, from one thread while it is busy", async () => {
  const check = cssCheckThreads(script);
  const answers = await Promise.all(["a {}", "b {}", "c {}"].map(check));
  expect(answers.map(([problem]) => problem?.message)).toEqual(["a {}", "b {}", "c {}"]);
  expect(new Set(answers.map(([problem]) => problem?.column)).size).toBe(1);
});

it("fails the checks a thread held when it ends, and checks the next in a new one", async () => {
  const check = cssCheckThreads(script);
  const [first] = await check("a {}");
  await expect(check("exit")).rejects.toThrow("The CSS check stopped (exit code 3).");
  const [after] = await check("b {}");
  expect(after?.message).toBe("b {}");
  expect(after?.column).not.toBe(first?.column);
});

it("ends its thread once unused, and starts another for the next check", async () => {
  const check = cssCheckThreads(script, 10);
  const [first] = await check("a {}");
  // Asked again at once, the same thread answers.
  const [again] = await check("b {}");
  expect(again?.column).toBe(first?.column);
  await expect
    .poll(async () => (await check("c {}"))[0]?.column, { interval: 50, timeout: 5000 })
    .not.toBe(first?.column);
});
