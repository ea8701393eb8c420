import webvtt from "webvtt-parser";

/** One caption as a reader sees it: when it is said, and what, as plain text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

// The character references WebVTT cue text may use (WebVTT §4.2.2 names these; HTML's numeric ones too).
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: " ", lrm: "", rlm: "", quot: '"', apos: "'" };

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * A cue's text without its markup: voice, class, italic, bold, underline, ruby and timestamp
 * tags dropped (a speaker's name is not said aloud), references decoded, lines joined.
 */
export function plainCueText(markup: string): string {
  return decodeReferences(markup.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The cues of a WebVTT file in order, as plain text; null when there is nothing to show: not a
 * WebVTT file, or one with no cue that says anything. The W3C parser skips a cue it cannot
 * read and goes on, so one bad timing loses that cue, not the transcript.
 */
export function transcriptCues(vtt: string): Cue[] | null {
  const { cues, errors } = new webvtt.WebVTTParser().parse(vtt, "metadata");
  // A file without the signature is not captions at all, whatever cue-like lines it holds.
  if (errors.some((error) => error.line === 1 && /signature/i.test(error.message))) return null;
  const read = cues
    .filter((cue) => cue.endTime > cue.startTime)
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainCueText(cue.text) }))
    .filter((cue) => cue.text !== "");
  return read.length > 0 ? read : null;
}
