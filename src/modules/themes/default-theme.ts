import css from "../../../content/theme/default.css?raw";

/** The theme the site ships with: built into every page, and what Reset to Default brings back. */
export const DEFAULT_THEME_CSS: string = css;
