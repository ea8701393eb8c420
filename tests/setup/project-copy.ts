import { cpSync, mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's folder. */
export const PROJECT = fileURLToPath(new URL("../..", import.meta.url));

/** What the site is built and served from: all a copy needs to build, start or run `npm run dev`. */
const INPUTS = [
  "src",
  "db",
  "public",
  "content",
  "astro.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

/**
 * A copy of the project in a temporary folder, sharing its installed packages, with its file
 * times: what runs there writes its `.astro`, `dist` and `data` there, reads no `.env`, and
 * is out of the way of the project's own server and type check. The caller removes it.
 */
export function copyProject(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), "meh-project-"));
  for (const input of INPUTS)
    cpSync(path.join(PROJECT, input), path.join(copy, input), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(PROJECT, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}
