import { CATEGORIES } from "../../db/domain-constants.ts";

export { CATEGORIES };

export type Category = (typeof CATEGORIES)[number];

/** Whether a string is one of the four categories, exactly as spelled. */
export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
