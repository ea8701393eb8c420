/** The four fixed categories of the site (SPEC §3), in the order menus show them. */
export const CATEGORIES = [
  "Things That Barely Tried",
  "Waiting Room Diaries",
  "Grey Days Sharp Eyes",
  "Meh Moments",
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Whether a string is one of the four categories, exactly as spelled. */
export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
