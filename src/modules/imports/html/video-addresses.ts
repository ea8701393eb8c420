import { externalVideo } from "@/lib/markdown/external-videos";

/** Parsed, or null: an address from a source may be anything. */
function parse(address: string): URL | null {
  try {
    // Protocol-relative addresses (`//www.youtube.com/embed/…`) are common in embeds.
    return new URL(address.startsWith("//") ? `https:${address}` : address);
  } catch {
    return null;
  }
}

/**
 * The page of the YouTube or Vimeo video a player (an iframe's `src`) or a link shows, as a
 * reader would share it, or null when it is neither: the address an essay writes alone on
 * its line for the site to draw the player. A player's own address (`/embed/ID`,
 * `player.vimeo.com/video/ID`) would also be read, but opens a bare player, not the video's page.
 * @example videoPageAddress("https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed") // "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
 */
export function videoPageAddress(address: string | null): string | null {
  const url = address ? parse(address.trim()) : null;
  if (!url || !externalVideo(url.href)) return null;
  const player = /^\/embed\/([\w-]{11})$/.exec(url.pathname);
  if (player && url.hostname.includes("youtube")) {
    const start = url.searchParams.get("start");
    return `https://www.youtube.com/watch?v=${player[1] ?? ""}${start && /^\d+$/.test(start) ? `&t=${start}` : ""}`;
  }
  const vimeo = /^\/video\/(\d+)$/.exec(url.pathname);
  if (vimeo && url.hostname === "player.vimeo.com") {
    const key = url.searchParams.get("h");
    return `https://vimeo.com/${vimeo[1] ?? ""}${key && /^[\da-f]+$/i.test(key) ? `/${key}` : ""}`;
  }
  return url.href;
}

/** An address that reads back whole as a bare link: nothing GitHub's autolinks would cut off or Markdown would read. */
const BARE = /^https?:\/\/[\w.-]+(?:\/[\w\-./?=&%~+,:@]*)?$/;

/**
 * A video's address as its line of Markdown: bare when it reads back whole, else in angle
 * brackets, CommonMark's autolink, which takes any address without spaces or brackets.
 * @example videoLine("https://vimeo.com/76979871") // "https://vimeo.com/76979871"
 */
export const videoLine = (address: string): string =>
  BARE.test(address) && !/[.,:?!&]$/.test(address)
    ? address
    : `<${address.replace(/[\s<>]/g, (char) => encodeURIComponent(char))}>`;
