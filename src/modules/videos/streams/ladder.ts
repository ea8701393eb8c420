import type { SourceMedia } from "./probe.server";

/** One rendition of the ladder: its height, and whether it is the upload's own picture, repackaged. */
export interface Rung {
  height: number;
  copy: boolean;
  /** The encoder's target, in kbit/s (a copied rung keeps the upload's own). */
  kbps: number;
}

/** The heights every ladder offers where the upload is that tall; the top rung is the upload's own height, up to 1080. */
const STEPS = [360, 720] as const;
const TOP = 1080;
/** Bit rates for H.264 at each height (a rung between two gets the next one up's). */
const KBPS: readonly [number, number][] = [
  [360, 800],
  [480, 1400],
  [720, 2800],
  [1080, 5000],
];
/** Seconds a segment lasts: short enough to start soon and switch often, long enough to compress well. */
export const SEGMENT_SECONDS = 4;
const AUDIO_KBPS = 128;

/**
 * Whether browsers can play the upload's picture as it is, so its rung is repackaged, not
 * encoded again: H.264 in 4:2:0 at no more than 60 frames a second (PeerTube's rule, #4494).
 */
export const playsAsIs = (media: SourceMedia): boolean =>
  media.videoCodec === "h264" && media.pixelFormat === "yuv420p" && media.fps > 0 && media.fps <= 60;

/**
 * The ladder for an upload: 360p, 720p and the upload's own height up to 1080p, never taller
 * than the upload, each height once. The top rung is the upload's own picture when it plays as is.
 * @example ladderFor({ height: 1080, …h264 }) // [360 encoded, 720 encoded, 1080 copied]
 */
export function ladderFor(media: SourceMedia): Rung[] {
  const top = Math.min(media.height, TOP);
  const heights = [...new Set([...STEPS.filter((h) => h < top), top])].sort((a, b) => a - b);
  const copyTop = media.height <= TOP && playsAsIs(media);
  return heights.map((height) => ({
    height,
    copy: copyTop && height === top,
    kbps: (KBPS.find(([h]) => h >= height) ?? [TOP, 5000])[1],
  }));
}

/**
 * Why no ladder is made for `rungs`, or null when one is: a single rung that needs no
 * encoding is the upload itself, which the mp4 already serves.
 */
export function noLadderReason(rungs: readonly Rung[]): string | null {
  return rungs.length === 1 && rungs[0]?.copy ? "the upload is already one small stream" : null;
}

/** The sound, once for each rung: repackaged when it is AAC, else encoded to it. */
function audioArgs(media: SourceMedia, rungs: number): string[] {
  if (media.audioCodec === null) return [];
  const codec =
    media.audioCodec === "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", `${String(AUDIO_KBPS)}k`, "-ac", "2"];
  return [...Array.from({ length: rungs }, () => ["-map", "0:a:0"]).flat(), ...codec];
}

/**
 * ffmpeg's arguments (no shell) to write `rungs` of `input` as fMP4 HLS into the current
 * folder: `master.m3u8` and a folder per rung (`360p/index.m3u8`, its init segment, `seg0.m4s`…),
 * each rung carrying the one sound track, so a player needs no alternate-audio support (hls.js's
 * light build has none). Progress goes to stdout (`-progress`).
 */
export function ffmpegArgs(input: string, media: SourceMedia, rungs: readonly Rung[], threads: number): string[] {
  const encoded = rungs.filter((r) => !r.copy);
  // A copied rung keeps the upload's keyframes; encoded ones put one at each segment's start.
  const fps = media.fps > 60 ? ",fps=60" : "";
  const chains = encoded.map(
    (r, i) => `[s${String(i)}]scale=-2:${String(r.height)}${fps},format=yuv420p[o${String(i)}]`,
  );
  const split = `[0:v:0]split=${String(encoded.length)}${encoded.map((_, i) => `[s${String(i)}]`).join("")}`;
  const video = rungs.flatMap((rung, index) => {
    const v = `:v:${String(index)}`;
    if (rung.copy) return ["-map", "0:v:0", `-c${v}`, "copy"];
    const at = String(encoded.indexOf(rung));
    const k = rung.kbps;
    return [
      "-map",
      `[o${at}]`,
      `-c${v}`,
      "libx264",
      `-preset${v}`,
      "veryfast",
      `-profile${v}`,
      "main",
      `-b${v}`,
      `${String(k)}k`,
      `-maxrate${v}`,
      `${String(Math.round(k * 1.07))}k`,
      `-bufsize${v}`,
      `${String(k * 1.5)}k`,
    ];
  });
  const names = rungs.map((r) => `${String(r.height)}p`);
  const sound = (i: number) => (media.audioCodec ? `a:${String(i)},` : "");
  const streams = names.map((name, i) => `v:${String(i)},${sound(i)}name:${name}`);
  return [
    ...["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y", "-i", input],
    ...(encoded.length > 0 ? ["-filter_complex", [split, ...chains].join(";"), "-filter_complex_threads", "1"] : []),
    ...video,
    ...audioArgs(media, rungs.length),
    ...["-sc_threshold", "0"],
    ...["-force_key_frames", `expr:gte(t,n_forced*${String(SEGMENT_SECONDS)})`, "-threads", String(threads)],
    ...["-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
    ...["-hls_segment_type", "fmp4", "-hls_flags", "independent_segments", "-hls_fmp4_init_filename", "init.mp4"],
    ...["-hls_segment_filename", "%v/seg%d.m4s", "-master_pl_name", "master.m3u8"],
    ...["-var_stream_map", streams.join(" "), "-progress", "pipe:1", "%v/index.m3u8"],
  ];
}
