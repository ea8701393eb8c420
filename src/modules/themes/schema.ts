import { z } from "zod";
import { optionalText, text } from "@/lib/form-fields";
import { idText } from "@/lib/query-schemas";

/** SPEC §9: a theme's name is up to 100 characters. */
export const THEME_NAME_MAX = 100;

/** The name a save gets when the owner gives none: when it was saved, in the site's date style. */
export function datedThemeName(at: Date): string {
  const when = new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(at);
  return `Theme of ${when} UTC`;
}

/**
 * `POST /api/css/save`. The CSS is held to the site's rule for text here; what it may say
 * is the validator's job (`validate-css.server.ts`), which the editor asks while typing.
 */
export const themeSaveSchema = z.object({
  cssContent: text(),
  name: text({ singleLine: true })
    .trim()
    .max(THEME_NAME_MAX, `At most ${THEME_NAME_MAX} characters`)
    .optional()
    .transform((name) => name || undefined),
  description: optionalText(500).optional(),
});
export type ThemeSaveInput = z.input<typeof themeSaveSchema>;
export type ThemeSave = z.output<typeof themeSaveSchema>;

/** `POST /api/css/validate`: the same text a save would send. */
export const themeValidateSchema = z.object({ cssContent: text() });

/** How many revisions one page of the history holds. */
export const REVISIONS_PAGE = 50;

/** Revisions come newest first, a page at a time. */
export const revisionsQuery = z.object({
  before: idText("Before").optional(),
});
