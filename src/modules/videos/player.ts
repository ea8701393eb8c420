import "./player-elements";
import { afterMetadata } from "./media-ready";
import { clockTime, fragmentSeconds } from "./media-time";
import { forgetOld, recall, remember, resumePoint } from "./watch-memory";

const controller = document.querySelector<HTMLElement>("media-controller[data-video-id]");
const video = controller?.querySelector<HTMLVideoElement>("video[data-watch]");

/**
 * Give the player the chapters listed on the page, as a chapters text track: Media Chrome
 * draws a track's cues as the timeline's segments and names the one under the pointer. The
 * list is the one source, whether a chapters file or the description's lines made it.
 */
function addChapters(player: HTMLVideoElement): void {
  const items = document.querySelectorAll<HTMLElement>("[data-chapters] [data-start]");
  if (items.length === 0) return;
  const track = player.addTextTrack("chapters", "Chapters", "en");
  // Cues of a disabled track cannot be read, and a hidden one shows nothing of itself.
  track.mode = "hidden";
  for (const item of items) {
    track.addCue(new VTTCue(Number(item.dataset.start), Number(item.dataset.end), item.dataset.title ?? ""));
  }
}

/** The browser's own storage, or null where it is switched off (reading it then throws). */
function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Remember where the viewer is and at what speed, and offer to go back there. A `#t=` link
 * names its own moment, so it is not second-guessed with an offer.
 */
function rememberWatching(player: HTMLVideoElement, videoId: string, storage: Storage): void {
  forgetOld(storage, Date.now());
  const watched = recall(storage, videoId, Date.now());
  if (watched && watched.rate !== 1) {
    player.defaultPlaybackRate = watched.rate;
    player.playbackRate = watched.rate;
  }
  // Until the viewer plays or seeks, the place kept from last time stands: opening the page
  // and leaving again must not lose it.
  let moved = false;
  for (const event of ["playing", "seeked"]) {
    player.addEventListener(event, () => {
      moved = true;
    });
  }
  const save = () => {
    const position = moved ? player.currentTime : (watched?.position ?? 0);
    remember(storage, videoId, { position, rate: player.playbackRate, duration: player.duration || 0 }, Date.now());
  };
  let savedAt = 0;
  player.addEventListener("timeupdate", () => {
    // Every few seconds of playing is enough to come back close to where one was.
    if (Math.abs(player.currentTime - savedAt) < 5) return;
    savedAt = player.currentTime;
    save();
  });
  for (const event of ["pause", "seeked", "ratechange", "ended"]) player.addEventListener(event, save);
  window.addEventListener("pagehide", save);

  const from = resumePoint(watched);
  if (from === null || fragmentSeconds(location.hash) !== null) return;
  offerResume(player, from);
}

function offerResume(player: HTMLVideoElement, from: number): void {
  const offer = document.querySelector<HTMLElement>("[data-resume]");
  const resume = offer?.querySelector<HTMLButtonElement>("[data-resume-button]");
  const dismiss = offer?.querySelector<HTMLButtonElement>("[data-resume-dismiss]");
  if (!offer || !resume || !dismiss) return;
  resume.textContent = `Resume from ${clockTime(from)}`;
  offer.hidden = false;
  const close = () => {
    offer.hidden = true;
  };
  resume.addEventListener("click", () => {
    close();
    afterMetadata(player, () => {
      player.currentTime = from;
      player.play().catch(() => undefined);
    });
  });
  dismiss.addEventListener("click", close);
  // Once the viewer plays or seeks by other means, the offer has been answered.
  player.addEventListener("playing", close, { once: true });
}

if (controller && video) {
  // The components drive the player now; the browser's own controls would sit under them.
  void customElements.whenDefined("media-controller").then(() => {
    video.controls = false;
  });
  // The captions button says whether captions are on with aria-checked, which a button cannot
  // carry (axe: aria-allowed-attr); it is a switch, which can.
  controller.querySelector("media-captions-button")?.setAttribute("role", "switch");
  addChapters(video);
  const storage = localStore();
  const videoId = controller.dataset.videoId;
  if (storage && videoId) rememberWatching(video, videoId, storage);
}
