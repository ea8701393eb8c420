import { clockSeconds } from "./media-time";
import type { Cue } from "./transcript";

/**
 * A named stretch of a video, from `start` to `end` in seconds. The description's lines give
 * these now; the cues of a chapters WebVTT track (a transcript `Cue`, its text the title) are
 * the same shape, so either source feeds the list, the player and the key moments.
 */
export interface Chapter {
  start: number;
  end: number;
  title: string;
}

// "0:00 Intro", "1:23 - The kettle", "1:02:03 Outro": a time, a dash or colon if any, a title.
const CHAPTER_LINE = /^\s*((?:\d+:)?\d{1,2}:\d{2})\s+(?:[-–—:]\s*)?(\S.*)$/;

/**
 * The chapters the description lists, YouTube's and PeerTube's way: lines that begin with a
 * time, at least two, the first at 0:00, each later than the last and inside the video.
 * Anything else lists none, so a stray time in a sentence never makes a lone chapter.
 */
export function chaptersFromDescription(description: string, duration: number): Chapter[] {
  const marks: { start: number; title: string }[] = [];
  for (const line of description.split(/\r?\n/)) {
    const match = CHAPTER_LINE.exec(line);
    const start = match?.[1] === undefined ? null : clockSeconds(match[1]);
    if (match?.[2] !== undefined && start !== null) marks.push({ start, title: match[2].trim() });
  }
  if (marks.length < 2 || marks[0]?.start !== 0) return [];
  const ascending = marks.every((mark, i) => i === 0 || mark.start > (marks[i - 1]?.start ?? 0));
  if (!ascending || (marks.at(-1)?.start ?? 0) >= duration) return [];
  return marks.map((mark, i) => ({ ...mark, end: marks[i + 1]?.start ?? duration }));
}

/**
 * The chapters a chapters WebVTT track lists, one per cue, its text the title: in order of
 * start, each ending where the next begins (a cue's own end can overlap the next, or leave a
 * gap the player would draw as nothing), inside the video. Fewer than two, or any starting past
 * the end, lists none, as with the description's lines.
 */
export function chaptersFromCues(cues: readonly Cue[], duration: number): Chapter[] {
  const sorted = [...cues].sort((a, b) => a.start - b.start);
  const distinct = sorted.every((cue, i) => i === 0 || cue.start > (sorted[i - 1]?.start ?? 0));
  if (sorted.length < 2 || !distinct || (sorted.at(-1)?.start ?? 0) >= duration) return [];
  return sorted.map((cue, i) => ({
    start: cue.start,
    end: Math.min(sorted[i + 1]?.start ?? duration, duration),
    title: cue.text,
  }));
}
