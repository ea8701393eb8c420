import { UPLOADS_PREFIX } from "@/lib/image-url";
import { siteObjects } from "./site-objects.server";

/**
 * The URL of a video's WebVTT captions, or null: the file uploaded with it, else one stored
 * beside the video (same name, `.vtt`), as the sample content has.
 */
export async function captionsFor({
  videoUrl,
  captionsUrl,
}: {
  videoUrl: string;
  captionsUrl: string | null;
}): Promise<string | null> {
  if (captionsUrl) return captionsUrl;
  if (!videoUrl.startsWith(UPLOADS_PREFIX)) return null;
  const url = videoUrl.replace(/\.[a-z0-9]+$/i, ".vtt");
  const size = await (await siteObjects()).size(url.slice(UPLOADS_PREFIX.length));
  return size === null ? null : url;
}
