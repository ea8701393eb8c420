import { urlOrPath } from "@/lib/form-fields";
import { KIND_NAMES, servedKindOf, type UploadKind } from "./contract";

/**
 * A `urlOrPath` for media of one kind: an upload kept as the other kind (a video as a
 * cover, an image as a video) is refused; seeded media and other sites' URLs pass as they are.
 * @example mediaUrl("image").safeParse("/uploads/videos/abc.mp4").success // false
 */
export function mediaUrl(kind: UploadKind) {
  const other = kind === "image" ? "video" : "image";
  return urlOrPath.refine((value) => servedKindOf(value) !== other, {
    message: `Must be ${KIND_NAMES[kind]}, not ${KIND_NAMES[other]}`,
  });
}
