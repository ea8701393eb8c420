import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { processValue } from "@/lib/process-value";
import { settings, type Settings } from "@/lib/settings.server";

/** The key authenticator secrets are sealed with, and its text when this start made it (for the banner, once). */
export interface FactorKey {
  key: Buffer;
  madeNow?: string;
}

const KEY_BYTES = 32;

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  try {
    const key = Buffer.from((await readFile(file, "utf8")).trim(), "base64url");
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a key of ${String(KEY_BYTES)} bytes`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * FACTOR_KEY, or the key kept in the data folder: made there once, readable by the
 * process's owner alone, and never in the database, so a copy of the database or a backup
 * does not give anyone the owner's authenticator codes.
 */
export async function loadFactorKey({ factorKey, factorKeyFile }: Pick<Settings, "factorKey" | "factorKeyFile">) {
  if (factorKey) return { key: Buffer.from(factorKey, "base64url") } satisfies FactorKey;
  const kept = await readKeyFile(factorKeyFile);
  if (kept) return { key: kept } satisfies FactorKey;
  const text = randomBytes(KEY_BYTES).toString("base64url");
  await mkdir(path.dirname(factorKeyFile), { recursive: true });
  try {
    // `wx`: of two processes making it at once, one writes and the other reads what it wrote.
    await writeFile(factorKeyFile, `${text}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const raced = await readKeyFile(factorKeyFile);
    if (raced) return { key: raced } satisfies FactorKey;
  }
  return { key: Buffer.from(text, "base64url"), madeNow: text } satisfies FactorKey;
}

const held = processValue<Promise<FactorKey>>(import.meta.hot, "factorKey", () => loadFactorKey(settings()));

/** The site's factor key, loaded once per process; the start loads it first, so its banner can show a new one. */
export const factorKey = async (): Promise<Buffer> => (await held.get()).key;

/** Use this key (the start's, loaded once), or undefined to load it again on next use. */
export const useFactorKey = (key: FactorKey | undefined): void => {
  held.set(key && Promise.resolve(key));
};
