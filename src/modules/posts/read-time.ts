/** Reading speed the site assumes (SPEC §9). */
export const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a text: words / 200, rounded up, at least 1 (SPEC §5).
 * Words are counted between any whitespace, so line breaks between paragraphs count too.
 * @example readTime("word ".repeat(201)) // 2
 */
export function readTime(content: string): number {
  const words = content.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
