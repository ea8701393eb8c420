import { urlOrPath } from "@/lib/form-fields";
import { KIND_NAMES, servedKindOf, type UploadKind } from "./contract";

/**
 * A `urlOrPath` for media of one kind: an upload kept as another kind (a video as a cover,
 * an image as captions) is refused; seeded media and other sites' URLs pass as they are.
 * @example mediaUrl("image").safeParse("/uploads/videos/abc.mp4").success // false
 */
export function mediaUrl(kind: UploadKind) {
  return urlOrPath.superRefine((value, ctx) => {
    const stored = servedKindOf(value);
    if (stored && stored !== kind) {
      ctx.addIssue({ code: "custom", message: `Must be ${KIND_NAMES[kind]}, not ${KIND_NAMES[stored]}` });
    }
  });
}
