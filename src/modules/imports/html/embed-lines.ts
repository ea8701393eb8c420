import { paragraph, videoMarker, words } from "./dom";
import { safeAddress } from "./untrusted";
import { videoPageAddress } from "./video-addresses";

/**
 * An embedded address as the essay carries it, alone in its paragraph: a YouTube or Vimeo
 * video as its line (the site draws the player), anything else as a link to it, so the
 * reader can still follow it. Null for an address that is no web address.
 */
export function embedLine(document: Document, address: string): Element | null {
  const video = videoPageAddress(address);
  if (video) return paragraph(document, [videoMarker(document, video)]);
  const safe = safeAddress(address, "link");
  if (!safe || !/^https?:\/\//i.test(safe)) return null;
  const link = document.createElement("a");
  link.setAttribute("href", safe);
  link.textContent = safe;
  return paragraph(document, [link]);
}

/** The address an embed block holds as its only words (Gutenberg's, and `[embed]` made into one), or null. */
export function embeddedAddress(block: Element): string | null {
  const address = words(block.querySelector(".wp-block-embed__wrapper") ?? block);
  return /^https?:\/\/\S+$/i.test(address) ? address : null;
}
