import { UPLOADS_PREFIX } from "@/lib/image-url";
import { runtime } from "@/server/runtime";

/** The URL of a WebVTT captions file stored beside a video (same name, `.vtt`), or null. */
export async function captionsFor(videoUrl: string): Promise<string | null> {
  if (!videoUrl.startsWith(UPLOADS_PREFIX)) return null;
  const url = videoUrl.replace(/\.[a-z0-9]+$/i, ".vtt");
  const size = await (await runtime().objects()).size(url.slice(UPLOADS_PREFIX.length));
  return size === null ? null : url;
}
