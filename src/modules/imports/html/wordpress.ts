import { elements, paragraph } from "./dom";
import { embedLine, embeddedAddress } from "./embed-lines";
import { autoParagraphs } from "./wp-autop";

/** Whether a post was written in the block editor, whose content carries its own paragraphs. */
export const isBlockContent = (html: string): boolean => /<!--\s*wp:/.test(html);

/**
 * A WordPress post's content in the shape the rest of the conversion reads: a classic
 * post's paragraphs made (`wpautop`), and each embed block (Gutenberg's, or a shortcode's
 * made into one) as its video's line or a link to what it embedded.
 */
export function reshapeWordPress(root: Element, blocks: boolean): void {
  if (!blocks) autoParagraphs(root);
  const document = root.ownerDocument;
  for (const block of elements(root, "figure.wp-block-embed")) {
    const address = embeddedAddress(block);
    if (address === null) continue;
    const caption = block.querySelector("figcaption");
    const line = embedLine(document, address);
    block.replaceWith(
      ...(line ? [line] : []),
      ...(caption ? [paragraph(document, Array.from(caption.childNodes))] : []),
    );
  }
}
