import { mkdir, copyFile } from "node:fs/promises";
import path from "node:path";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { settings } from "@/lib/settings.server";

// Keys are lowercase path segments of safe characters; anything else cannot name a file
// we stored, so it is refused before touching the filesystem.
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/**
 * The file behind an object key, or null when the key is not one we could have made
 * (traversal, absolute paths, odd characters).
 * @example objectFile("seed/kettle.mp4", "/srv/data/uploads") // "/srv/data/uploads/seed/kettle.mp4"
 */
export function objectFile(key: string, root = settings().uploadsDir): string | null {
  if (!KEY.test(key) || key.includes("..")) return null;
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Copy a local file into the store under `key`; returns its public URL. */
export async function storeFile(source: string, key: string, root = settings().uploadsDir): Promise<string> {
  const target = objectFile(key, root);
  if (!target) throw new Error(`Invalid object key: ${key}`);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  return UPLOADS_PREFIX + key;
}
