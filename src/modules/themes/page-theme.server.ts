import type { Db } from "@/lib/db.server";
import { logUnexpected } from "@/lib/log-unexpected";
import { themeToken } from "@/lib/theme-token";
import { STYLESHEET_PATH } from "./keys";
import { activeTheme } from "./themes.server";

/**
 * How a page wears the theme: `versioned` links the active revision by its id, so the
 * sheet is cached for good and the page is dropped when another one is made active
 * (public pages); `live` asks past every cache and is reloaded by the page (admin pages,
 * SPEC §4); `none` keeps to the built-in default (the CSS editor itself, safe mode).
 */
export type ThemeMode = "versioned" | "live" | "none";

export interface PageTheme {
  /** The stylesheet to link after the built-in styles, if any. */
  href?: string;
  /** The browser's UI colour: the theme's background. */
  themeColor?: string;
}

/**
 * The stylesheet a page links and the colour it gives the browser, for one render. A theme
 * that cannot be read for any reason leaves the page in the default theme, logged, rather
 * than taking down every page that wears it, the login and the CSS editor's way in included.
 */
export async function pageTheme(db: Db, mode: ThemeMode, defaultCss: string, now = Date.now()): Promise<PageTheme> {
  const fallback = { themeColor: themeToken(defaultCss, "--color-bg") };
  if (mode === "none") return fallback;
  try {
    const theme = await activeTheme(db);
    if (!theme) return fallback;
    const query = mode === "versioned" ? `v=${theme.id}` : `t=${now}`;
    // The theme is laid over the default, so a token it leaves out keeps the default's value.
    const themeColor = themeToken(`${defaultCss}\n${theme.cssContent}`, "--color-bg") ?? fallback.themeColor;
    return { href: `${STYLESHEET_PATH}?${query}`, themeColor };
  } catch (error) {
    logUnexpected(error, "reading the active theme");
    return fallback;
  }
}
