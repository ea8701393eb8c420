import type { DetectedType } from "./detect-type.server";

// Keys are lowercase path segments of safe characters; anything else cannot name an object
// we stored, so it is refused before it reaches the store.
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether `key` could name an object we stored (no traversal, no absolute paths, no odd characters). */
export const isObjectKey = (key: string): boolean => KEY.test(key) && !key.includes("..");

/** Where an upload waits, unchecked and never served, until it is normalised. */
export const RAW_KEY = /^raw\/[a-z0-9]{26}$/;

/** A fresh, unguessable key for one upload (130 random bits in 26 base-32 characters). */
export function newRawKey(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return `raw/${Array.from(bytes, (b) => alphabet[b & 31]).join("")}`;
}

/**
 * Where a checked upload is kept: by kind, with the extension its bytes call for.
 * @example servedKey("raw/abc…", { kind: "image", mime: "image/png", ext: "png" }) // "images/abc….png"
 */
export function servedKey(rawKey: string, type: DetectedType): string {
  return `${type.kind === "image" ? "images" : "videos"}/${rawKey.slice("raw/".length)}.${type.ext}`;
}
