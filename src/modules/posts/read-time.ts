/** Reading speed the site assumes (SPEC §9). */
export const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a text: words / 200, rounded up, at least 1 (SPEC §5).
 * Words are counted between any whitespace, so line breaks between paragraphs count too.
 * @example readTime("word ".repeat(201)) // 2
 */
export function readTime(content: string): number {
  return Math.max(1, Math.ceil(wordCount(content) / WORDS_PER_MINUTE));
}

/**
 * Words in a text, counted between any whitespace.
 * @example wordCount("Two words.\n\nThree, in fact.") // 5
 */
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
