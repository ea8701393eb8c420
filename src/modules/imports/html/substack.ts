import { z } from "zod";
import { droppedKind, type DroppedTally } from "./dropped-kinds";
import { boxMarker, elements, paragraph, removeAll, videoMarker, words } from "./dom";

const SUBSCRIBE = droppedKind("a subscribe button", "subscribe buttons");
const BUTTON = droppedKind("a button", "buttons");
const POLL = droppedKind("a poll", "polls");

/** What Substack's YouTube block says of its video, in its `data-attrs`. */
const youtubeAttributes = z.object({ videoId: z.string().regex(/^[\w-]{11}$/) });

/** The id of the video a `div.youtube-wrap` plays: from its `data-attrs`, else its element id (`youtube2-ID`). */
function youtubeId(wrap: Element): string | null {
  try {
    const parsed = youtubeAttributes.safeParse(JSON.parse(wrap.getAttribute("data-attrs") ?? ""));
    if (parsed.success) return parsed.data.videoId;
  } catch {
    // Attributes that are not JSON: the element's id may still name the video.
  }
  return /^youtube2-([\w-]{11})$/.exec(wrap.id)?.[1] ?? null;
}

/** A quoted tweet as a quote: its words, then who wrote it, linked to it. */
function tweetQuote(tweet: Element): Element {
  const document = tweet.ownerDocument;
  const quote = document.createElement("blockquote");
  const text = tweet.querySelector(".tweet-text");
  if (text) quote.appendChild(paragraph(document, [document.createTextNode(words(text))]));
  const href = tweet.querySelector("a.tweet-link-top, a.tweet-link-bottom")?.getAttribute("href");
  const author = tweet.querySelector(".tweet-author-name");
  const byline = `— ${author ? words(author) : "a tweet"}`;
  if (href) {
    const link = document.createElement("a");
    link.setAttribute("href", href);
    link.textContent = byline;
    quote.appendChild(paragraph(document, [link]));
  } else quote.appendChild(paragraph(document, [document.createTextNode(byline)]));
  return quote;
}

/**
 * Substack's blocks as the essay carries them: a YouTube block as its video's line, a
 * pullquote as a `:::pullquote` box, a tweet as a quote, a post it embeds as a link.
 * Subscribe and other buttons and polls are left out and tallied. Its captioned images
 * are figures, and its footnotes notes, as any source's.
 */
export function reshapeSubstack(root: Element, dropped: DroppedTally): void {
  const document = root.ownerDocument;
  const buttons =
    "div.subscription-widget-wrap, div.subscription-widget-wrap-editor, div.captioned-button-wrap, p.button-wrapper";
  const leftOut = elements(root, buttons);
  for (const button of leftOut) {
    // A button inside a captioned one goes with it, and is not counted again.
    if (button.parentElement?.closest(buttons)) continue;
    const subscribe =
      button.matches("[class*=subscription-widget]") ||
      /subscribe/i.test(button.querySelector("a")?.getAttribute("href") ?? button.getAttribute("data-attrs") ?? "");
    dropped.add(subscribe ? SUBSCRIBE : BUTTON);
  }
  const polls = elements(root, "div.poll-embed");
  dropped.add(POLL, polls.length);
  removeAll([...leftOut, ...polls, ...elements(root, "div.paywall-jump")]);
  for (const wrap of elements(root, "div.youtube-wrap")) {
    const id = youtubeId(wrap);
    if (id) wrap.replaceWith(paragraph(document, [videoMarker(document, `https://www.youtube.com/watch?v=${id}`)]));
  }
  for (const quote of elements(root, "div.pullquote"))
    quote.replaceWith(boxMarker(document, "pullquote", Array.from(quote.childNodes)));
  for (const tweet of elements(root, "div.tweet")) tweet.replaceWith(tweetQuote(tweet));
  for (const post of elements(root, "div.embedded-post-wrap")) {
    const link = post.querySelector("a.embedded-post, a[href]");
    const title = post.querySelector(".embedded-post-title");
    const href = link?.getAttribute("href");
    if (!href) {
      post.remove();
      continue;
    }
    const anchor = document.createElement("a");
    anchor.setAttribute("href", href);
    anchor.textContent = title ? words(title) : href;
    post.replaceWith(paragraph(document, [anchor]));
  }
}
