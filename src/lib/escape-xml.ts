// `&#39;` rather than `&apos;`: both are XML, but only the number is HTML 4 too, and it is
// what Astro writes for `{text}`, so a plain post's paragraphs are what they always were.
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escape text for an XML or HTML element or attribute value.
 * @example escapeXml("a&b<c") // "a&amp;b&lt;c"
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}
