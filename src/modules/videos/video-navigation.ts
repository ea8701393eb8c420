import { afterMetadata } from "./media-ready";
import { fragmentFor, fragmentSeconds } from "./media-time";

// The video page's few lines of behaviour over links that already work: a `#t=` link seeks the
// player in place and plays, an address with `#t=` starts there, the line being said is marked
// in the transcript, and the transcript's search box narrows its lines.

const video = document.querySelector<HTMLVideoElement>("video[data-watch]");
const lines = document.querySelector<HTMLElement>("[data-transcript]");

/** Seek once the player knows the video's length. */
function seek(player: HTMLVideoElement, seconds: number): void {
  afterMetadata(player, () => {
    player.currentTime = Math.min(seconds, player.duration || seconds);
  });
}

function followLinks(player: HTMLVideoElement): void {
  document.addEventListener("click", (event) => {
    // A link opened elsewhere (a new tab, a modified click) is left to the browser.
    if (!(event.target instanceof Element) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest<HTMLAnchorElement>("[data-seek-links] a[href^='#t=']");
    const seconds = link ? fragmentSeconds(link.hash) : null;
    if (seconds === null) return;
    event.preventDefault();
    // The address names the moment, so it can be shared, without a jump of the page.
    history.replaceState(null, "", fragmentFor(seconds));
    seek(player, seconds);
    // A click is a gesture, so the browser lets it play; if not, the player stays paused there.
    player.play().catch(() => undefined);
  });
  const fromAddress = () => {
    const seconds = fragmentSeconds(location.hash);
    if (seconds !== null) seek(player, seconds);
  };
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
}

/**
 * Mark the line being said. The transcript box scrolls to it only while the box is on screen
 * and the reader is not pointing at or inside it, and at once rather than smoothly, so it never
 * moves the page or pulls a line away from someone reading it.
 */
function markCurrentLine(player: HTMLVideoElement, box: HTMLElement): void {
  const items = [...box.querySelectorAll<HTMLLIElement>("li[data-start]")];
  let current: HTMLLIElement | undefined;
  let onScreen = false;
  new IntersectionObserver((entries) => {
    onScreen = entries.some((entry) => entry.isIntersecting);
  }).observe(box);
  player.addEventListener("timeupdate", () => {
    const now = player.currentTime;
    const said = items.find((item) => Number(item.dataset.start) <= now && now < Number(item.dataset.end));
    if (said === current) return;
    current?.removeAttribute("aria-current");
    current = said;
    if (!said) return;
    said.setAttribute("aria-current", "true");
    if (!onScreen || box.matches(":hover, :focus-within")) return;
    const top = said.offsetTop;
    if (top < box.scrollTop || top + said.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - box.clientHeight / 3;
    }
  });
}

/** Highlight each typed word where it occurs in `text`, as text nodes and marks. */
function highlighted(text: string, words: readonly string[]): Node[] {
  if (words.length === 0) return [document.createTextNode(text)];
  const pattern = new RegExp(`(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return text.split(pattern).map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const mark = document.createElement("mark");
    mark.textContent = part;
    return mark;
  });
}

function searchLines(box: HTMLElement): void {
  const search = document.querySelector<HTMLElement>("[data-transcript-search]");
  const input = search?.querySelector("input");
  const count = search?.querySelector("[data-transcript-count]");
  if (!search || !input || !count) return;
  search.hidden = false;
  const items = [...box.querySelectorAll<HTMLLIElement>("li[data-start]")].map((item) => {
    const holder = item.querySelector<HTMLElement>("[data-cue-text]");
    return { item, holder, text: holder?.textContent ?? "" };
  });
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { item, holder, text } of items) {
      const matches = words.every((word) => text.toLowerCase().includes(word));
      item.hidden = !matches;
      if (matches) shown += 1;
      holder?.replaceChildren(...highlighted(text, matches ? words : []));
    }
    count.textContent =
      words.length === 0 ? "" : shown === 1 ? "1 line" : shown === 0 ? "No line says that" : `${String(shown)} lines`;
  });
}

if (video) {
  followLinks(video);
  if (lines) markCurrentLine(video, lines);
}
if (lines) searchLines(lines);
