import type { Root } from "mdast";
import { visit } from "unist-util-visit";
import { directiveSlug, VIDEO_DIRECTIVE } from "./directive-elements";
import { markdownProcessor } from "./pipeline";
import { TextMemo } from "../text-memo";

/** An image a body shows: where from, and its alt text as the author wrote it. */
export interface BodyImage {
  src: string;
  alt: string;
}

/** What a body points at outside itself, in the order it does: its images and the slugs of the videos it embeds. */
export interface BodyReferences {
  readonly images: readonly BodyImage[];
  readonly videos: readonly string[];
}

/**
 * What a Markdown body shows from outside it, read from its syntax tree as the pipeline
 * parses it (so a slug inside a code block is not a video): what its caller loads before
 * rendering it, and what publishing checks.
 * @example bodyReferences("![A chair](/uploads/a.jpg)\n\n::video[kettle]") // { images: [{ src: "/uploads/a.jpg", alt: "A chair" }], videos: ["kettle"] }
 */
export function bodyReferences(source: string): BodyReferences {
  return references.get(source, () => readReferences(source));
}

// Asked of every body each page, feed or letter shows, before it is drawn: a parse each
// time, for a result that changes only with the text. Callers only read it.
const references = new TextMemo<BodyReferences>(1_000_000, ({ images, videos }) =>
  [...images.flatMap((image) => [image.src, image.alt]), ...videos].reduce((sum, text) => sum + text.length, 0),
);

function readReferences(source: string): BodyReferences {
  const tree: Root = markdownProcessor("").parse(source);
  const definitions = new Map<string, string>();
  visit(tree, "definition", (definition) => {
    // The first definition of a label is the one CommonMark uses.
    if (!definitions.has(definition.identifier)) definitions.set(definition.identifier, definition.url);
  });
  const images: BodyImage[] = [];
  const videos: string[] = [];
  visit(tree, (node) => {
    if (node.type === "image") images.push({ src: node.url, alt: node.alt ?? "" });
    if (node.type === "imageReference") {
      // A reference to no definition is not an image at all, but its text.
      const src = definitions.get(node.identifier);
      if (src !== undefined) images.push({ src, alt: node.alt ?? "" });
    }
    if (node.type === "leafDirective" && node.name === VIDEO_DIRECTIVE) videos.push(directiveSlug(node));
  });
  return { images, videos: [...new Set(videos)] };
}

/**
 * The images of a body with no alt text and no decorative mark (`![""](…)`, which is alt
 * text of two characters until the page reads it as empty): what a reader
 * who cannot see them would miss, so a post that has any is not published.
 */
export const undescribedImages = (references: BodyReferences): readonly BodyImage[] =>
  references.images.filter(({ alt }) => alt.trim() === "");
