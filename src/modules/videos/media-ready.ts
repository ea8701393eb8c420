/**
 * Run `work` once `player` knows the video's length: now if it does, else when its metadata
 * arrives. A seek before then is lost.
 */
export function afterMetadata(player: HTMLVideoElement, work: () => void): void {
  if (player.readyState >= HTMLMediaElement.HAVE_METADATA) work();
  else player.addEventListener("loadedmetadata", work, { once: true });
}
