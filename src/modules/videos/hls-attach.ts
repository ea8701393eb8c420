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

/** Leave the ladder for the mp4, at the same moment. */
function backToMp4(video: HTMLVideoElement): void {
  const [at, playing] = [video.currentTime, !video.paused];
  video.removeAttribute("src");
  video.load();
  resume(video, at, playing);
}

/** Play the ladder at `url` in `video`, or leave the mp4 playing where that cannot be. */
export async function attachStream(video: HTMLVideoElement, url: string): Promise<void> {
  if (nativeHls(video)) {
    const [at, playing] = [video.currentTime, !video.paused];
    video.addEventListener(
      "error",
      () => {
        backToMp4(video);
      },
      { once: true },
    );
    video.src = url;
    resume(video, at, playing);
    return;
  }
  let player: Player;
  try {
    player = (await import(/* @vite-ignore */ entry)) as Player;
  } catch {
    return; // Offline, or the file is gone after a deploy: the mp4 plays on.
  }
  // Read now: the viewer may have started the mp4 while hls.js was fetched.
  const [at, playing] = [video.currentTime, !video.paused];
  if (
    player.playLadder(video, url, () => {
      backToMp4(video);
    })
  )
    resume(video, at, playing);
}

const video = document.querySelector<HTMLVideoElement>("video[data-hls]");
if (video?.dataset.hls) void attachStream(video, video.dataset.hls);
