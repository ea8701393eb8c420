import { droppedKind, type DroppedKind, type DroppedTally } from "./dropped-kinds";
import { boxMarker, elements, paragraph, removeAll, words } from "./dom";
import { embedLine } from "./embed-lines";
import { videoPageAddress } from "./video-addresses";

const BUTTON = droppedKind("a button", "buttons");
const PRODUCT = droppedKind("a product card", "product cards");
const SIGNUP = droppedKind("a signup form", "signup forms");

/** Ghost's own address, written `__GHOST_URL__` in its export, as `siteUrl` (root-relative without one). */
export const resolveGhostUrl = (html: string, siteUrl: string | null | undefined): string =>
  html.replaceAll("__GHOST_URL__", (siteUrl ?? "").replace(/\/+$/, ""));

/** A link to `href` with `text`, alone in its paragraph. */
function linkParagraph(document: Document, href: string, text: string): Element {
  const link = document.createElement("a");
  link.setAttribute("href", href);
  link.textContent = text;
  return paragraph(document, [link]);
}

/** An embed card: a video's line, a quoted post (a tweet) as its quote, else left out and tallied. */
function reshapeEmbed(card: Element, dropped: DroppedTally): void {
  const document = card.ownerDocument;
  const frame = card.querySelector("iframe");
  const source = frame?.getAttribute("src") ?? null;
  const line = videoPageAddress(source) && source ? embedLine(document, source) : null;
  const quote = card.querySelector("blockquote");
  if (line) card.replaceWith(line);
  else if (quote) card.replaceWith(quote);
  else {
    let host = "";
    try {
      host = new URL(source ?? "").hostname;
    } catch {
      // An embed with no frame, or a frame with no address: named without its host.
    }
    dropped.add(host ? droppedKind(`an embed from ${host}`, `embeds from ${host}`) : droppedKind("an embed", "embeds"));
    card.remove();
  }
}

/**
 * Ghost's cards as the essay carries them: a bookmark as a link titled as the page it
 * points at, a file as a link to it, an embed as its video's line (or its quote), a
 * callout as an `:::aside` box. Buttons, products and signup forms are left out and tallied.
 */
export function reshapeGhost(root: Element, dropped: DroppedTally): void {
  const document = root.ownerDocument;
  for (const card of elements(root, ".kg-bookmark-card, .kg-file-card")) {
    const link = card.querySelector("a[href]");
    const title = card.querySelector(".kg-bookmark-title, .kg-file-card-title");
    const href = link?.getAttribute("href");
    if (href) card.replaceWith(linkParagraph(document, href, (title && words(title)) || href));
    else card.remove();
  }
  for (const card of elements(root, ".kg-embed-card")) reshapeEmbed(card, dropped);
  for (const card of elements(root, ".kg-callout-card")) {
    const emoji = card.querySelector(".kg-callout-emoji");
    const text = card.querySelector(".kg-callout-text") ?? card;
    const content = paragraph(document, [
      ...(emoji && words(emoji) ? [document.createTextNode(`${words(emoji)} `)] : []),
      ...Array.from(text.childNodes),
    ]);
    card.replaceWith(boxMarker(document, "aside", [content]));
  }
  const leftOut: [string, DroppedKind][] = [
    [".kg-button-card", BUTTON],
    [".kg-product-card", PRODUCT],
    [".kg-signup-card", SIGNUP],
  ];
  for (const [selector, kind] of leftOut) {
    const cards = elements(root, selector);
    dropped.add(kind, cards.length);
    removeAll(cards);
  }
}
