import { z } from "zod";

// What the upload island, the server and the tests agree on. Plain and small, since the
// island ships it to the browser.

/** What an upload may be. */
export const UPLOAD_KINDS = ["image", "video"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The types each kind takes, by what a file's bytes say it is (SPEC §5: images only for covers). */
export const UPLOAD_TYPES = {
  image: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
  video: ["video/mp4", "video/webm"],
} as const;

/** Every content type the upload URL may be asked for. */
export const UPLOADABLE_TYPES = [...UPLOAD_TYPES.image, ...UPLOAD_TYPES.video] as const;
export type UploadableType = (typeof UPLOADABLE_TYPES)[number];

/** The largest file of each kind: images 5 MB (SPEC §9), videos 500 MB. */
export const MAX_BYTES = { image: 5 * 1024 * 1024, video: 500 * 1024 * 1024 } as const satisfies Record<
  UploadKind,
  number
>;

/**
 * The kind an uploadable content type belongs to.
 * @example uploadKindOf("video/webm") // "video"
 */
export function uploadKindOf(type: UploadableType): UploadKind {
  return (UPLOAD_TYPES.image as readonly string[]).includes(type) ? "image" : "video";
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
