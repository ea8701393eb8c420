/**
 * The domain's fixed facts that the database enforces and the app shows and validates, in
 * one place so the two cannot drift. Plain values only: islands import this file too.
 */

/** The four fixed categories of the site (SPEC §3), in the order menus show them. */
export const CATEGORIES = [
  "Things That Barely Tried",
  "Waiting Room Diaries",
  "Grey Days Sharp Eyes",
  "Meh Moments",
] as const;

/** The cover a post has until one is uploaded (SPEC §3). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The meh rating scale (SPEC §5): whole numbers from 1 to 5, and 3 when none is given. */
export const MEH_RATING = { min: 1, max: 5, default: 3 } as const;

/** The longest username, in characters. */
export const USERNAME_MAX_LENGTH = 64;
