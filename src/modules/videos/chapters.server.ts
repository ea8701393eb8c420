import { chaptersFromCues, chaptersFromDescription, type Chapter } from "./chapters";
import { storedCues } from "./transcript.server";
import type { VideoRow } from "./videos.server";

/**
 * A video's chapters: those of its chapters track when it has one that lists any, else those
 * the description's "0:00 Title" lines give.
 */
export async function chaptersFor(
  video: Pick<VideoRow, "chaptersUrl" | "description" | "duration">,
): Promise<Chapter[]> {
  const cues = await storedCues(video.chaptersUrl);
  const fromTrack = cues ? chaptersFromCues(cues, video.duration) : [];
  return fromTrack.length > 0 ? fromTrack : chaptersFromDescription(video.description, video.duration);
}
