import { UPLOADS_PREFIX } from "@/lib/image-url";
import { captionsBeside } from "./captions";
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
  const url = captionsBeside(videoUrl);
  if (!url) return null;
  const size = await (await siteObjects()).size(url.slice(UPLOADS_PREFIX.length));
  return size === null ? null : url;
}
