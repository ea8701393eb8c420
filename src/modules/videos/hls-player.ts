import Hls from "hls.js/light";

// hls.js, built as an entry of its own (astro.config.ts) and fetched by URL only by a browser
// without native HLS, on a page whose video has a ladder (hls-attach.ts). The light build: the
// ladder's rungs each carry their sound, so no alternate-audio support is needed.

/**
 * Play `url`'s ladder in `video` through Media Source Extensions. False when the browser has
 * none; `onFail` is told once of an error hls.js cannot get past, after it let go of the video,
 * with whether the viewer had asked it to play (letting go pauses it).
 * The video's own segments are fetched only once it plays.
 */
export function playLadder(video: HTMLVideoElement, url: string, onFail: (playing: boolean) => void): boolean {
  if (!Hls.isSupported()) return false;
  // Already playing (the viewer started the mp4 while hls.js was fetched): load from there at
  // once. Otherwise a visitor who never plays costs the playlists alone, as `preload="metadata"`
  // did the mp4's header; segments are loaded from the first play on.
  const playing = !video.paused;
  // No worker: it would be a blob: script the page's CSP does not allow, and the work is small.
  const hls = new Hls({
    enableWorker: false,
    autoStartLoad: playing,
    startPosition: playing ? video.currentTime : -1,
    capLevelToPlayerSize: true,
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const playing = !video.paused;
    hls.destroy();
    onFail(playing);
  });
  if (!playing) {
    video.addEventListener(
      "play",
      () => {
        hls.startLoad(video.currentTime);
      },
      { once: true },
    );
  }
  hls.loadSource(url);
  hls.attachMedia(video);
  return true;
}
