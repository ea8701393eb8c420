import { z } from "zod";
import { UPLOADS_PREFIX } from "@/lib/image-url";

// What the upload island, the server and the tests agree on. Plain and small, since the
// island ships it to the browser.

/** What an upload may be. */
export const UPLOAD_KINDS = ["image", "video", "captions"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The types each kind takes, by what a file's bytes say it is (SPEC §5: images only for covers). */
export const UPLOAD_TYPES = {
  image: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
  video: ["video/mp4", "video/webm"],
  captions: ["text/vtt"],
} as const;

/** Every content type the upload URL may be asked for. */
export const UPLOADABLE_TYPES = [...UPLOAD_TYPES.image, ...UPLOAD_TYPES.video, ...UPLOAD_TYPES.captions] as const;
export type UploadableType = (typeof UPLOADABLE_TYPES)[number];

/** The largest file of each kind: images 5 MB (SPEC §9), videos 5 GB, captions 1 MB. */
export const MAX_BYTES = {
  image: 5 * 1024 * 1024,
  video: 5 * 1024 * 1024 * 1024,
  captions: 1024 * 1024,
} as const satisfies Record<UploadKind, number>;

/** A kind as a sentence names it. */
export const KIND_NAMES = {
  image: "an image",
  video: "a video",
  captions: "a WebVTT captions file",
} as const satisfies Record<UploadKind, string>;

/**
 * The kind an uploadable content type belongs to.
 * @example uploadKindOf("video/webm") // "video"
 */
export function uploadKindOf(type: UploadableType): UploadKind {
  return UPLOAD_KINDS.find((kind) => (UPLOAD_TYPES[kind] as readonly string[]).includes(type)) ?? "image";
}

/** The folder under `/uploads/` where checked uploads of each kind are kept. */
export const SERVED_FOLDERS = { image: "images", video: "videos", captions: "captions" } as const satisfies Record<
  UploadKind,
  string
>;

/** The folder under `/uploads/` where the sample content's media are kept. */
export const SEED_FOLDER = "seed";

/**
 * The kind of checked upload a link points at, by its folder, or null for anything else
 * (seeded media, other paths, other sites). Dot segments and escapes are resolved first,
 * as the browser and the server would.
 * @example servedKindOf("/uploads/images/../videos/abc.mp4") // "video"
 */
export function servedKindOf(link: string): UploadKind | null {
  if (!link.startsWith("/")) return null;
  let path: string;
  try {
    path = decodeURIComponent(new URL(link, "http://site").pathname);
  } catch {
    return null;
  }
  return UPLOAD_KINDS.find((kind) => path.startsWith(`${UPLOADS_PREFIX}${SERVED_FOLDERS[kind]}/`)) ?? null;
}

/**
 * What `GET /api/objects/upload-url` answers (SPEC §7): how to send one file straight to
 * the store (a signed PUT to the site, or S3's presigned POST form), and the raw path to
 * normalise once it is there.
 */
export const uploadTargetSchema = z.object({
  method: z.enum(["PUT", "POST"]),
  url: z.string(),
  /** Form fields of a POST policy, sent before the file; empty for a PUT. */
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  rawPath: z.string(),
});
export type UploadTarget = z.output<typeof uploadTargetSchema>;

/** Files above this size go up in parts (S3's multipart upload), so a dropped connection costs one part. */
export const MULTIPART_ABOVE = 100 * 1024 * 1024;

/**
 * S3's limits on a multipart upload, which the local store keeps too: every part but the
 * last at least 5 MB, at most 10,000 parts, and one ListParts answer holds 1,000 of them.
 */
export const MULTIPART_LIMITS = { minPartBytes: 5 * 1024 * 1024, maxParts: 10_000, listedParts: 1000 } as const;

/**
 * The size of each part of a file: 5 MB, or larger so that the file has at most the parts
 * one ListParts lists, so a resumed upload learns every part already sent from one answer.
 * @example partSize(600 * 1024 * 1024) // 5242880
 */
export const partSize = (fileSize: number): number =>
  Math.max(MULTIPART_LIMITS.minPartBytes, Math.ceil(fileSize / MULTIPART_LIMITS.listedParts));

const rawKey = z.string().max(100);
const uploadId = z.string().min(1).max(1024);

/**
 * One request of a multipart upload the browser asks the site to sign, as S3 names them:
 * starting one (which hands out the key), sending part N, listing the parts already there
 * (to resume), completing, or aborting. The content type is the file's, on every step, so
 * the site knows the kind and its limit without recording anything.
 */
export const multipartStepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("create"), contentType: z.enum(UPLOADABLE_TYPES) }),
  z.object({
    step: z.literal("part"),
    contentType: z.enum(UPLOADABLE_TYPES),
    key: rawKey,
    uploadId,
    partNumber: z.coerce.number().int().min(1).max(MULTIPART_LIMITS.maxParts),
  }),
  z.object({
    step: z.enum(["list", "complete", "abort"]),
    contentType: z.enum(UPLOADABLE_TYPES),
    key: rawKey,
    uploadId,
  }),
]);
export type MultipartStep = z.output<typeof multipartStepSchema>;

/** What `GET /api/objects/multipart-url` answers: the signed URL of one S3 request, and the raw path it is about. */
export const multipartTargetSchema = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  rawPath: z.string(),
});
export type MultipartTarget = z.output<typeof multipartTargetSchema>;
