import Hls from "hls.js/light";

// hls.js, built as an entry of its own (astro.config.ts) and fetched by URL only by a browser
// without native HLS, on a page whose video has a ladder (hls-attach.ts). The light build: the
// ladder's rungs each carry their sound, so no alternate-audio support is needed.

/**
 * Play `url`'s ladder in `video` through Media Source Extensions. False when the browser has
 * none; `onFail` is told once of an error hls.js cannot get past, after it let go of the video.
 * The video's own segments are fetched only once it plays.
 */
export function playLadder(video: HTMLVideoElement, url: string, onFail: () => void): boolean {
  if (!Hls.isSupported()) return false;
  // No worker: it would be a blob: script the page's CSP does not allow, and the work is small.
  const hls = new Hls({ enableWorker: false, autoStartLoad: false, capLevelToPlayerSize: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    hls.destroy();
    onFail();
  });
  // A visitor who never plays costs the playlists alone, as `preload="metadata"` did the mp4's header.
  const start = () => {
    hls.startLoad(video.currentTime);
  };
  if (video.paused) video.addEventListener("play", start, { once: true });
  else start();
  hls.loadSource(url);
  hls.attachMedia(video);
  return true;
}
