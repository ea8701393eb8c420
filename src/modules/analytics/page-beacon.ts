import { HIT_PATH } from "./hit-path";

// The page's one beacon for a view, and one more when the reader reaches the end of a post
// or watches a video past half. No cookie, no storage: what is sent is the path, where the
// visitor came from and a campaign tag, and the server keeps only daily totals.

function send(kind: "view" | "read"): void {
  const hit = new URLSearchParams({ p: location.pathname, k: kind });
  if (kind === "view") {
    if (document.referrer) hit.set("r", document.referrer);
    const query = new URLSearchParams(location.search);
    const tag = query.get("ref") ?? query.get("utm_source");
    if (tag) hit.set("t", tag);
  }
  navigator.sendBeacon(HIT_PATH, hit);
}

function watchForReads(): void {
  const end = document.querySelector("[data-read-end]");
  if (end) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      send("read");
    });
    seen.observe(end);
  }
  const video = document.querySelector<HTMLVideoElement>("video[data-watch]");
  if (video) {
    const halfway = () => {
      if (!video.duration || video.currentTime < video.duration / 2) return;
      video.removeEventListener("timeupdate", halfway);
      send("read");
    };
    video.addEventListener("timeupdate", halfway);
  }
}

// A page the browser renders ahead (a prerender) counts only once someone looks at it.
// `prerendering` is newer than TypeScript's DOM types.
const ahead = (document as Document & { prerendering?: boolean }).prerendering === true;
function counted(): void {
  send("view");
  watchForReads();
}
if (ahead) document.addEventListener("prerenderingchange", counted, { once: true });
else counted();
