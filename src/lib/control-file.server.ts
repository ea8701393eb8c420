import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * How a command on this machine (`npm run backup`) reaches the running site, whose embedded
 * database no other process may open: a file in DATA_DIR, readable by its owner alone,
 * naming the site's loopback origin and a token made at each start. Whoever can read it can
 * read the database's own files too, so the token grants nothing they lack.
 */
const controlSchema = z.object({ origin: z.url({ protocol: /^http$/ }), token: z.string().length(64) });

export type Control = z.infer<typeof controlSchema>;

export const controlFile = (dataDir: string): string => path.join(dataDir, "control.json");

/** Write the control file for a site listening at `origin`; the returned function removes it. */
export function writeControlFile(dataDir: string, origin: string): () => void {
  const file = controlFile(dataDir);
  const control: Control = { origin, token: randomBytes(32).toString("hex") };
  // A file left by a crash is replaced; its token died with that process.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(control), { mode: 0o600, flag: "wx" });
  return () => {
    rmSync(file, { force: true });
  };
}

/** The running site's control file, or null when there is none (or it is not one). */
export function readControlFile(dataDir: string): Control | null {
  try {
    const parsed = controlSchema.safeParse(JSON.parse(readFileSync(controlFile(dataDir), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether `request` carries this site's control token (`Authorization: Bearer …`). */
export function hasControlToken(request: Request, dataDir: string): boolean {
  const given = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const control = given && readControlFile(dataDir);
  // Compared in constant time, so the token cannot be guessed a character at a time.
  return Boolean(control && timingSafeEqual(Buffer.from(given), Buffer.from(control.token)));
}
