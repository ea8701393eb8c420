import entry from "virtual:hls-entry";

// A video with a streaming ladder (`data-hls`, the master playlist) plays it: natively where the
// browser is Safari, through hls.js elsewhere, fetched by URL only then (hls-player.ts). The
// mp4 in the `<source>` stays what plays until the ladder takes over, and again should it fail.

type Player = typeof import("./hls-player");

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Whether the browser plays HLS itself and can be trusted to: Safari, and every browser on iOS
 * (WebKit underneath). Chromium may answer canPlayType yet fail fMP4 ladders, so it gets hls.js.
 */
const nativeHls = (video: HTMLVideoElement): boolean =>
  video.canPlayType(HLS_TYPE) !== "" && navigator.vendor.startsWith("Apple");

/** Once the new source knows its length, go back to where the viewer was, playing if they were. */
function resume(video: HTMLVideoElement, at: number, playing: boolean): void {
  if (at === 0 && !playing) return;
  const go = () => {
    video.currentTime = at;
    if (playing) video.play().catch(() => undefined);
  };
  video.addEventListener("loadedmetadata", go, { once: true });
}

/** Where the viewer was on the mp4 when the ladder took over. */
interface Moment {
  at: number;
  playing: boolean;
}

/**
 * Leave the ladder for the mp4 at the same moment, playing if the viewer was. Until the ladder
 * itself plays, that is where they were on the mp4 (the switch of source paused it).
 */
function backToMp4(video: HTMLVideoElement, before: Moment | null, asked: boolean): void {
  const at = Math.max(video.currentTime, before?.at ?? 0);
  const playing = asked || !video.paused || (before?.playing ?? false);
  video.removeAttribute("src");
  video.load();
  resume(video, at, playing);
}

/** Take the ladder over from the mp4 with `attach`, and go back to it when `attach` says the ladder failed. */
function takeOver(video: HTMLVideoElement, attach: (fail: (playing?: boolean) => void) => boolean): void {
  let before: Moment | null = { at: video.currentTime, playing: !video.paused };
  // `playing`: whether the viewer had asked the ladder to play, which letting go of it forgets.
  const fail = (playing = false) => {
    backToMp4(video, before, playing);
  };
  if (!attach(fail)) return;
  resume(video, before.at, before.playing);
  video.addEventListener(
    "playing",
    () => {
      before = null;
    },
    { once: true },
  );
}

/** Play the ladder at `url` in `video`, or leave the mp4 playing where that cannot be. */
export async function attachStream(video: HTMLVideoElement, url: string): Promise<void> {
  if (nativeHls(video)) {
    takeOver(video, (fail) => {
      video.addEventListener(
        "error",
        () => {
          fail();
        },
        { once: true },
      );
      video.src = url;
      return true;
    });
    return;
  }
  let player: Player;
  try {
    player = (await import(/* @vite-ignore */ entry)) as Player;
  } catch {
    return; // Offline, or the file is gone after a deploy: the mp4 plays on.
  }
  // Taken over now: the viewer may have started the mp4 while hls.js was fetched.
  takeOver(video, (fail) => player.playLadder(video, url, fail));
}

const video = document.querySelector<HTMLVideoElement>("video[data-hls]");
if (video?.dataset.hls) void attachStream(video, video.dataset.hls);
