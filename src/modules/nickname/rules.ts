// The generator's rules as plain values and functions, without zod: the page's island
// carries them, and zod would be a fifth of its weight. `schema.ts` builds the endpoint's
// schemas from the same rules.

/** What a nickname is filed under; the AI is held to the same list. */
export const NICKNAME_CATEGORIES = [
  "Beige",
  "Lukewarm",
  "Understated",
  "Perfectly Adequate",
  "Overlooked",
  "Mildly Heroic",
] as const;
export type NicknameCategory = (typeof NICKNAME_CATEGORIES)[number];

export const NAME_MAX_LENGTH = 60;
export const NICKNAME_MAX_LENGTH = 80;
export const EXPLANATION_MAX_LENGTH = 240;
/** Suggestions per answer: the local generator gives the least, the AI at most the most. */
export const SUGGESTIONS = { min: 3, max: 6 } as const;

export const NAME_REQUIRED = "Please enter a name.";
// Control characters and line breaks; joiners stay, since emoji sequences are made with them.
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** What is wrong with a text given as a name (already trimmed), or nothing. */
export function textProblem(text: string, max: number, tooLong: string): string | undefined {
  if (text === "") return NAME_REQUIRED;
  if (text.length > max) return tooLong;
  if (UNPRINTABLE.test(text)) return "Use letters, numbers and punctuation only.";
  return undefined;
}

/** What is wrong with a visitor's name (already trimmed), or nothing. */
export const nameProblem = (name: string): string | undefined =>
  textProblem(name, NAME_MAX_LENGTH, `A name is at most ${String(NAME_MAX_LENGTH)} characters.`);

/** The one spelling two nicknames are compared by: case and spacing do not make a new one. */
export const nicknameKey = (nickname: string): string => nickname.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
