import { UPLOADS_PREFIX } from "@/lib/image-url";

/**
 * Where captions stored beside a video would be: its name with `.vtt`, when the video is an
 * upload; null otherwise.
 * @example captionsBeside("/uploads/seed/kettle.mp4") // "/uploads/seed/kettle.vtt"
 */
export function captionsBeside(videoUrl: string): string | null {
  return videoUrl.startsWith(UPLOADS_PREFIX) ? videoUrl.replace(/\.[a-z0-9]+$/i, ".vtt") : null;
}
