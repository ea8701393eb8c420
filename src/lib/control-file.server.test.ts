import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { controlFile, hasControlToken, readControlFile, writeControlFile } from "./control-file.server";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "meh-control-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const withToken = (token: string) =>
  new Request("http://127.0.0.1:4321/api/data/backups/command", { headers: { Authorization: `Bearer ${token}` } });

it("writes the site's origin and a fresh token for its owner alone, and removes them at stop", () => {
  writeFileSync(controlFile(dir), "left by a crash");
  const remove = writeControlFile(dir, "http://127.0.0.1:4321");
  expect(statSync(controlFile(dir)).mode & 0o777).toBe(0o600);
  const control = readControlFile(dir);
  expect(control?.origin).toBe("http://127.0.0.1:4321");
  expect(hasControlToken(withToken(control?.token ?? ""), dir)).toBe(true);
  remove();
  expect(existsSync(controlFile(dir))).toBe(false);
  expect(readControlFile(dir)).toBeNull();
  expect(hasControlToken(withToken(control?.token ?? ""), dir)).toBe(false);
});

it("turns away a request without the token, with another, or with a token of the wrong shape", () => {
  writeControlFile(dir, "http://127.0.0.1:4321");
  const token = readControlFile(dir)?.token ?? "";
  expect(hasControlToken(new Request("http://127.0.0.1:4321/"), dir)).toBe(false);
  expect(hasControlToken(withToken("0".repeat(64)), dir)).toBe(false);
  expect(hasControlToken(withToken(token.slice(0, 63)), dir)).toBe(false);
});
