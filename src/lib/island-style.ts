/**
 * The one rule Astro's island runtime writes as an inline `<style>` in the body, where HTML
 * does not allow one (withastro/astro#10308, still open). The site's stylesheet carries the
 * same rule in the head, so the inline copy is taken out of every page.
 */
export const ISLAND_STYLE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

/** `body` as it streams, without Astro's inline island style. */
export function withoutIslandStyle(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // Held back from each chunk: the most of the style a chunk can end with.
  const hold = ISLAND_STYLE.length - 1;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let tail = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = (tail + decoder.decode(chunk, { stream: true })).replaceAll(ISLAND_STYLE, "");
        let cut = Math.max(0, text.length - hold);
        // Never between the two halves of a character outside the BMP (an emoji).
        if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut -= 1;
        if (cut > 0) controller.enqueue(encoder.encode(text.slice(0, cut)));
        tail = text.slice(cut);
      },
      flush(controller) {
        const rest = tail + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}
