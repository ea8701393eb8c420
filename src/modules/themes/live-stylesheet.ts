import { LIVE_RELOAD_MS, RELOAD_AFTER_SAVE_MS, THEME_CHANNEL } from "../../lib/theme-params";

/** The newer sheet being fetched, if any. */
let loading: HTMLLinkElement | undefined;

/**
 * Keep an admin page's theme current (SPEC §4): ask for the stylesheet again every 30 s,
 * and 500 ms after a save announced by the CSS editor. The new sheet is loaded beside the
 * old one and the old one removed once it has loaded, so the page never shows unstyled.
 */
function reload(): void {
  // A check still under way is overtaken: its answer may predate the save this one follows,
  // and, coming last, it would win.
  loading?.remove();
  const worn = document.querySelector<HTMLLinkElement>("link[data-theme-stylesheet]");
  if (!worn) return;
  const next = worn.cloneNode() as HTMLLinkElement;
  const url = new URL(worn.href);
  url.searchParams.set("t", String(Date.now()));
  next.href = url.href;
  loading = next;
  const settle = (succeeded: boolean) => {
    if (loading !== next) return;
    loading = undefined;
    (succeeded ? worn : next).remove();
  };
  next.addEventListener("load", () => {
    settle(true);
  });
  next.addEventListener("error", () => {
    settle(false);
  });
  worn.after(next);
}

setInterval(reload, LIVE_RELOAD_MS);
new BroadcastChannel(THEME_CHANNEL).addEventListener("message", () => {
  setTimeout(reload, RELOAD_AFTER_SAVE_MS);
});
