import { urlOrPath } from "@/lib/form-fields";
import { siteAreaOf } from "@/lib/routed-path";
import { KIND_NAMES, servedKindOf, type UploadKind } from "./contract";

const AREA_NAMES = { api: "the site's API", admin: "the site's admin pages" } as const;

/**
 * A `urlOrPath` for media of one kind: an upload kept as another kind (a video as a cover,
 * an image as captions) is refused, and so is an address in the site's API or admin pages,
 * however it is spelt, which every page showing it would make its readers' browsers call;
 * seeded media and other sites' URLs pass as they are.
 * @example mediaUrl("image").safeParse("/uploads/videos/abc.mp4").success // false
 * @example mediaUrl("image").safeParse("/.//api/objects/upload-url").success // false
 */
export function mediaUrl(kind: UploadKind) {
  return urlOrPath.superRefine((value, ctx) => {
    const area = siteAreaOf(value);
    if (area) ctx.addIssue({ code: "custom", message: `Must not be an address of ${AREA_NAMES[area]}` });
    const stored = servedKindOf(value);
    if (stored && stored !== kind) {
      ctx.addIssue({ code: "custom", message: `Must be ${KIND_NAMES[kind]}, not ${KIND_NAMES[stored]}` });
    }
  });
}
