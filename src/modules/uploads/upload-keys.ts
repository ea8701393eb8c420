import { UPLOADS_PREFIX } from "@/lib/image-url";
import { MAX_BYTES, SEED_FOLDER, SERVED_FOLDERS, uploadKindOf, type UploadableType, type UploadKind } from "./contract";
import type { DetectedType } from "./detect-type.server";

// Keys are lowercase path segments of safe characters; anything else cannot name an object
// we stored, so it is refused before it reaches the store.
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether `key` could name an object we stored (no traversal, no absolute paths, no odd characters). */
export const isObjectKey = (key: string): boolean => KEY.test(key) && !key.includes("..");

/**
 * Where an upload waits, unchecked and never served, until it is normalised: a folder for
 * the kind asked for and one for the account that asked, both named when the key was handed
 * out. Only the site names raw keys, in the policy it signs (or has S3 presign) for that
 * account, so a file under one was sent with that account's permission, of that kind.
 */
export const RAW_KEY = /^raw\/(image|video|captions)\/([1-9][0-9]{0,9})\/[a-z0-9]{26}$/;

/** What the local store names a multipart upload (`randomName`). */
export const UPLOAD_ID = /^[a-z0-9]{26}$/;

/** The folder of a bucket that holds the site's backups beside its uploads: personal data, never served. */
export const BACKUPS_FOLDER = "backups";

// Unchecked raw uploads, and backups, which hold password hashes and readers' addresses.
const UNSERVED_FOLDERS = new Set(["raw", BACKUPS_FOLDER]);

/** Whether `/uploads/<key>` may be served: any object we could have stored, but never a raw upload or a backup. */
export const isServedKey = (key: string): boolean =>
  isObjectKey(key) && !UNSERVED_FOLDERS.has(key.split("/", 1)[0] ?? "");

// Checked images and the sample content's; never raw uploads (unchecked) or videos.
const RESIZABLE_FOLDERS: readonly string[] = [SERVED_FOLDERS.image, SEED_FOLDER];

/**
 * The key of an image the image endpoint may resize, from the `/uploads/…` path a page
 * asks for it by, or null for anything else. Keys need no escapes, so none are decoded.
 * @example resizableKey("/uploads/images/abc.jpg") // "images/abc.jpg"
 * @example resizableKey("/uploads/raw/image/abc") // null
 */
export function resizableKey(href: string): string | null {
  const key = href.startsWith(UPLOADS_PREFIX) ? href.slice(UPLOADS_PREFIX.length) : "";
  return isObjectKey(key) && RESIZABLE_FOLDERS.some((folder) => key.startsWith(`${folder}/`)) ? key : null;
}

/** 130 random bits in 26 base-32 characters: unguessable, and safe in a key or a file name. */
export function randomName(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return Array.from(bytes, (b) => alphabet[b & 31]).join("");
}

/** A fresh, unguessable key for one upload of `kind` by `userId`. */
export const newRawKey = (kind: UploadKind, userId: number): string => `raw/${kind}/${String(userId)}/${randomName()}`;

/**
 * The kind a raw key was handed out for and the account it was handed to, or null when it
 * is not a raw key.
 * @example rawKeyOwner("raw/video/7/abcdefghijklmnopqrstuvwxyz") // { kind: "video", userId: 7 }
 */
export function rawKeyOwner(key: string): { kind: UploadKind; userId: number } | null {
  const match = RAW_KEY.exec(key);
  return match ? { kind: match[1] as UploadKind, userId: Number(match[2]) } : null;
}

/**
 * One upload a store may permit: a fresh raw key of the type's kind and account, that
 * kind's size limit, and the account it is for.
 */
export interface Upload {
  key: string;
  type: UploadableType;
  maxBytes: number;
  userId: number;
}

/** Permission to ask a store for, for one file of `type` sent by `userId`. */
export function newUpload(type: UploadableType, userId: number): Upload {
  const kind = uploadKindOf(type);
  return { key: newRawKey(kind, userId), type, maxBytes: MAX_BYTES[kind], userId };
}

/**
 * Where a checked upload is kept: by kind, with the extension its bytes call for.
 * @example servedKey("raw/image/abc…", { kind: "image", mime: "image/png", ext: "png" }) // "images/abc….png"
 */
export function servedKey(rawKey: string, type: DetectedType): string {
  return `${SERVED_FOLDERS[type.kind]}/${rawKey.slice(rawKey.lastIndexOf("/") + 1)}.${type.ext}`;
}
