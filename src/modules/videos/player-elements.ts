// Media Chrome's parts, one by one, so the page carries only those the player shows (the whole
// library is twice the size). Importing this file defines them, in a browser; on the server the
// library's own stand-ins make it safe to import, so the page can read their styles' hashes
// (player-styles.server.ts).
import MediaCaptionsButton from "media-chrome/dist/media-captions-button.js";
import MediaControlBar from "media-chrome/dist/media-control-bar.js";
import MediaController from "media-chrome/dist/media-controller.js";
import MediaFullscreenButton from "media-chrome/dist/media-fullscreen-button.js";
import MediaLoadingIndicator from "media-chrome/dist/media-loading-indicator.js";
import MediaMuteButton from "media-chrome/dist/media-mute-button.js";
import MediaPlayButton from "media-chrome/dist/media-play-button.js";
import MediaPlaybackRateButton from "media-chrome/dist/media-playback-rate-button.js";
import MediaSeekBackwardButton from "media-chrome/dist/media-seek-backward-button.js";
import MediaSeekForwardButton from "media-chrome/dist/media-seek-forward-button.js";
import MediaTimeDisplay from "media-chrome/dist/media-time-display.js";
import MediaTimeRange from "media-chrome/dist/media-time-range.js";
import MediaVolumeRange from "media-chrome/dist/media-volume-range.js";

/** A part whose shadow tree is made from an HTML template, as each of Media Chrome's is. */
interface TemplatedElement {
  getTemplateHTML(attributes: Record<string, string>): string;
}

/** Every part VideoPlayer.astro uses. */
export const PLAYER_ELEMENTS: readonly TemplatedElement[] = [
  MediaController,
  MediaControlBar,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaMuteButton,
  MediaVolumeRange,
  MediaTimeRange,
  MediaTimeDisplay,
  MediaPlaybackRateButton,
  MediaCaptionsButton,
  MediaFullscreenButton,
  MediaLoadingIndicator,
];
