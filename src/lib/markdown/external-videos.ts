import type { Element, Root } from "hast";
import { toText } from "hast-util-to-text";
import { embedFacade } from "./embed-facade";
import { SKIP_CHILDREN, eachElement, h, loneElement, text } from "./hast";

/** A video on another site, as its privacy-enhanced player plays it. */
export interface ExternalVideo {
  provider: "YouTube" | "Vimeo";
  /** The player's address, which starts playing once loaded (the reader asked for it). */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com"]);
const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** A YouTube start time (`t=90`, `t=1m30s`, `start=90`) in seconds, or null. */
function startSeconds(value: string | null): number | null {
  const match = value ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value) : null;
  if (!match || !value) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

function youtube(url: URL): ExternalVideo | null {
  const path = url.pathname.split("/").filter(Boolean);
  const id =
    url.hostname === "youtu.be"
      ? path[0]
      : YOUTUBE_HOSTS.has(url.hostname)
        ? path[0] === "watch"
          ? url.searchParams.get("v")
          : ["embed", "shorts", "live"].includes(path[0] ?? "")
            ? path[1]
            : undefined
        : undefined;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const embed = new URL(`https://www.youtube-nocookie.com/embed/${id}`);
  embed.searchParams.set("autoplay", "1");
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  if (start) embed.searchParams.set("start", String(start));
  return { provider: "YouTube", embedUrl: embed.href };
}

function vimeo(url: URL): ExternalVideo | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const path = url.pathname.split("/").filter(Boolean);
  const at = path.findIndex((part) => /^\d+$/.test(part));
  if (at === -1) return null;
  const embed = new URL(`https://player.vimeo.com/video/${path[at] ?? ""}`);
  // An unlisted video's link carries its key after the id, or as `h`.
  const key = url.searchParams.get("h") ?? path[at + 1];
  if (key && /^[\da-f]+$/i.test(key)) embed.searchParams.set("h", key);
  embed.searchParams.set("autoplay", "1");
  // Vimeo's own switch for a player that sets no tracking cookies.
  embed.searchParams.set("dnt", "1");
  return { provider: "Vimeo", embedUrl: embed.href };
}

/**
 * The video a link points at on YouTube or Vimeo, as its privacy-enhanced player, or null.
 * @example externalVideo("https://youtu.be/dQw4w9WgXcQ")?.embedUrl // "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"
 */
export function externalVideo(href: string): ExternalVideo | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return youtube(url) ?? vimeo(url);
}

/** A facade for `video`, which `link` (the author's) points at. */
function facade(link: Element, href: string, video: ExternalVideo): Element {
  const words = toText(link).trim();
  // A bare address says nothing a reader would call a title.
  const named = words !== "" && !/^(https?:\/\/|www\.)/i.test(words);
  const title = named ? words : `A video on ${video.provider}`;
  const start = h("a", { className: ["embed__start", "embed__start--outside"], href, rel: ["noopener"] }, [
    h("span", { className: ["embed__button"], ariaHidden: "true" }),
    h("span", { className: ["embed__notice"] }, [
      h("span", { className: ["visually-hidden"] }, [text(`Play “${title}”. `)]),
      text(`Nothing is loaded from ${video.provider} until you play it.`),
    ]),
  ]);
  const player = h("iframe", {
    src: video.embedUrl,
    title,
    width: 1280,
    height: 720,
    allow: "autoplay; encrypted-media; picture-in-picture; fullscreen",
    allowFullScreen: true,
    // The players refuse to play for a page that sends no referrer (a preview link sends none).
    referrerPolicy: "strict-origin-when-cross-origin",
  });
  const source = named ? [text(" "), h("span", { className: ["embed__meta"] }, [text(video.provider)])] : [];
  return embedFacade(start, player, [h("a", { href, rel: ["noopener"] }, [text(title)]), ...source]);
}

/**
 * A link to a YouTube or Vimeo video alone on its line, on a page, as a facade: nothing is
 * asked of that site (not even a thumbnail) until the reader plays it; without JavaScript it
 * is a link to the video there. Elsewhere (a link within a sentence, mail) it stays a link.
 */
export function rehypeExternalVideos() {
  return (tree: Root) => {
    eachElement(tree, (node, parent, index) => {
      const link = node.tagName === "p" ? loneElement(node, "a") : undefined;
      const href = link?.properties.href;
      const video = typeof href === "string" ? externalVideo(href) : null;
      if (!link || !video || typeof href !== "string") return;
      parent.children[index] = facade(link, href, video);
      return SKIP_CHILDREN;
    });
  };
}
