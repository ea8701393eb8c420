/**
 * `?safe-theme` on any page: the page wears the default theme only. The way back in when
 * a saved theme hides the login form or the dashboard; the admin area keeps it on its links.
 */
export const SAFE_THEME_PARAM = "safe-theme";

/**
 * `?theme-preview`: the page as the CSS editor's preview frames it. It wears the default
 * theme only (the editor lays the draft over it) and, unlike every other page, may be
 * framed by the site itself.
 */
export const PREVIEW_PARAM = "theme-preview";

/** Admin pages ask for the stylesheet again this often, so a theme saved elsewhere shows (SPEC §4). */
export const LIVE_RELOAD_MS = 30_000;
/** After a save, admin pages reload the stylesheet this much later (SPEC §4). */
export const RELOAD_AFTER_SAVE_MS = 500;
/** The channel a save is announced on, to every admin page open in this browser. */
export const THEME_CHANNEL = "theme";

/** Whether a page at `url` wears the default theme only. */
export function wearsDefaultOnly(url: URL, safeModeSetting: boolean): boolean {
  return safeModeSetting || url.searchParams.has(SAFE_THEME_PARAM) || url.searchParams.has(PREVIEW_PARAM);
}

/** `href` with safe mode kept on, when the page it is on is in safe mode. */
export function keepSafeMode(href: string, pageUrl: URL): string {
  if (!pageUrl.searchParams.has(SAFE_THEME_PARAM)) return href;
  const url = new URL(href, pageUrl);
  url.searchParams.set(SAFE_THEME_PARAM, "1");
  return url.pathname + url.search + url.hash;
}
