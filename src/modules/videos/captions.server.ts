import { access } from "node:fs/promises";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import { objectFile } from "@/modules/uploads/local-store.server";

/** The URL of a WebVTT captions file stored beside a video (same name, `.vtt`), or null. */
export async function captionsFor(videoUrl: string): Promise<string | null> {
  if (!videoUrl.startsWith(UPLOADS_PREFIX)) return null;
  const url = videoUrl.replace(/\.[a-z0-9]+$/i, ".vtt");
  const file = objectFile(url.slice(UPLOADS_PREFIX.length));
  if (!file) return null;
  return access(file).then(
    () => url,
    () => null,
  );
}
