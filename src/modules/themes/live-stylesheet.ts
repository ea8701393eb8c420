import { LIVE_RELOAD_MS, RELOAD_AFTER_SAVE_MS, THEME_CHANNEL } from "./theme-params";

/**
 * Keep an admin page's theme current (SPEC §4): ask for the stylesheet again every 30 s,
 * and 500 ms after a save announced by the CSS editor. The new sheet is loaded beside the
 * old one and the old one removed once it has loaded, so the page never shows unstyled.
 */
function reload(): void {
  const current = document.querySelector<HTMLLinkElement>("link[data-theme-stylesheet]");
  if (!current) return;
  const next = current.cloneNode() as HTMLLinkElement;
  const url = new URL(current.href);
  url.searchParams.set("t", String(Date.now()));
  next.href = url.href;
  next.addEventListener(
    "load",
    () => {
      current.remove();
    },
    { once: true },
  );
  next.addEventListener(
    "error",
    () => {
      next.remove();
    },
    { once: true },
  );
  current.after(next);
}

setInterval(reload, LIVE_RELOAD_MS);
new BroadcastChannel(THEME_CHANNEL).addEventListener("message", () => {
  setTimeout(reload, RELOAD_AFTER_SAVE_MS);
});
