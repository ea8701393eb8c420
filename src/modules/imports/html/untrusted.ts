import { droppedKind, type DroppedTally } from "./dropped-kinds";
import { elements, paragraph, removeAll, videoMarker } from "./dom";
import { videoPageAddress } from "./video-addresses";

/**
 * What never reaches the essay, not even as text: code that would run, styles, controls,
 * drawings and whatever is only there for the page's head. Kept as text, a script's source
 * would become words of the essay.
 */
const REMOVED =
  "script, style, noscript, template, svg, canvas, object, embed, applet, form, input, button, select, " +
  "textarea, option, title, meta, link, base, frame, frameset, source, track, map, dialog";

const FORM = droppedKind("a form", "forms");
const OBJECT = droppedKind("an embedded object", "embedded objects");
const VIDEO_FILE = droppedKind("a video player", "video players");
const AUDIO_FILE = droppedKind("an audio player", "audio players");

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);

/**
 * An address as written, or null when it would do something other than lead somewhere:
 * `javascript:`, `data:`, `vbscript:` and every scheme but the web's (and, for links, mail
 * and phone). A relative address has no scheme and is kept. Browsers ignore tabs, line
 * breaks and leading control characters in a scheme, so `java\nscript:` is read as the
 * scheme it spells.
 * @example safeAddress("javascript:alert(1)", "link") // null
 */
export function safeAddress(address: string | null, use: "link" | "image"): string | null {
  if (address === null) return null;
  const trimmed = address.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  const scheme = SCHEME.exec(trimmed.replace(/[\u0000-\u0020]/g, ""))?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed === "" ? null : trimmed;
  return (use === "link" ? LINK_SCHEMES : IMAGE_SCHEMES).has(scheme) ? trimmed : null;
}

/** An iframe's host, to name what was left out. */
function frameHost(frame: Element): string | null {
  try {
    return new URL(frame.getAttribute("src") ?? "").hostname || null;
  } catch {
    return null;
  }
}

/** Every comment under `root` taken out: Gutenberg's block marks, Ghost's card marks and members-only marker. */
export function removeComments(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  removeAll(comments);
}

/**
 * Everything of `root` that cannot be trusted or carried, taken out: the elements above and
 * frames, except a YouTube or Vimeo player, which becomes its video's address alone on its
 * line. What an owner would miss is tallied in `dropped`.
 */
export function removeUntrusted(root: Element, dropped: DroppedTally): void {
  const document = root.ownerDocument;
  const removed = elements(root, REMOVED);
  for (const element of removed) {
    // An element inside another goes with it, and is not counted again.
    if (element.parentElement?.closest(REMOVED)) continue;
    if (element.localName === "form") dropped.add(FORM);
    if (["object", "embed", "applet"].includes(element.localName)) dropped.add(OBJECT);
  }
  removeAll(removed);
  const media = elements(root, "video, audio");
  for (const player of media) dropped.add(player.localName === "video" ? VIDEO_FILE : AUDIO_FILE);
  removeAll(media);
  const frames = elements(root, "iframe");
  const others: Element[] = [];
  for (const frame of frames) {
    const video = videoPageAddress(frame.getAttribute("src"));
    if (video) {
      frame.replaceWith(paragraph(document, [videoMarker(document, video)]));
      continue;
    }
    const host = frameHost(frame);
    dropped.add(host ? droppedKind(`an embed from ${host}`, `embeds from ${host}`) : droppedKind("an embed", "embeds"));
    others.push(frame);
  }
  removeAll(others);
}
