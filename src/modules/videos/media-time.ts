/**
 * A position in a video as people write it: m:ss, or h:mm:ss past the hour.
 * @example clockTime(65.7) // "1:05"
 * @example clockTime(3723) // "1:02:03"
 */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${String(hours)}:${String(minutes).padStart(2, "0")}:${rest}` : `${String(minutes)}:${rest}`;
}

const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/;
const PLAIN_SECONDS = /^\d+(?:\.\d+)?$/;

/**
 * The seconds a written position names, or null: m:ss or h:mm:ss (as chapters and shared
 * links write them), or plain seconds (a media fragment's `t=90`).
 */
export function clockSeconds(text: string): number | null {
  const written = text.trim();
  if (PLAIN_SECONDS.test(written)) return Number(written);
  const match = CLOCK.exec(written);
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  if (Number(seconds) > 59 || (match[1] !== undefined && Number(minutes) > 59)) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/**
 * The start a `#t=` address names, or null: `#t=90`, `#t=1:30`, or a media fragment's range
 * `#t=90,120` (only its start matters here).
 */
export function fragmentSeconds(hash: string): number | null {
  const match = /^#?t=([^,&]+)/.exec(hash);
  return match?.[1] ? clockSeconds(decodeURIComponent(match[1])) : null;
}

/** The address fragment that starts a video at `seconds`, in whole seconds. */
export const fragmentFor = (seconds: number): string => `#t=${String(Math.floor(seconds))}`;
