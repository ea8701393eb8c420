import { paragraph, removeAll, replaceWithAll } from "./dom";

/** Elements that stand as blocks of their own: words between them become paragraphs. */
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "fieldset",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
  "script",
  "style",
  "iframe",
]);
/** Blocks whose own words WordPress also breaks into paragraphs; lists, tables and code it leaves alone. */
const CONTAINER = new Set(["article", "aside", "blockquote", "div", "footer", "header", "main", "section"]);

const isBlock = (node: Node) => node.nodeType === 1 && BLOCK.has((node as Element).localName);

/** Whether a paragraph's nodes show anything: words, or an element other than a line break. */
const shows = (nodes: Node[]) =>
  nodes.some((node) => (node.nodeType === 3 ? (node.textContent ?? "").trim() !== "" : node.nodeName !== "BR"));

/** A run of words and inline elements as paragraphs: a blank line between two, a line break within one. */
function paragraphsOf(run: Node[], document: Document): Element[] {
  const paragraphs: Node[][] = [[]];
  for (const node of run) {
    if (node.nodeType !== 3) {
      paragraphs.at(-1)?.push(node);
      continue;
    }
    (node.textContent ?? "").split(/\n[ \t]*\n\s*/).forEach((part, index) => {
      if (index > 0) paragraphs.push([]);
      part.split("\n").forEach((line, lineIndex) => {
        if (lineIndex > 0) paragraphs.at(-1)?.push(document.createElement("br"));
        if (line) paragraphs.at(-1)?.push(document.createTextNode(line));
      });
    });
  }
  return paragraphs.filter(shows).map((nodes) => paragraph(document, nodes));
}

/**
 * WordPress's `wpautop`, on the parsed content of a classic (not block) post: its author
 * wrote paragraphs as blank lines and line breaks as new lines, which the site added the
 * `p` and `br` for when it showed the post. Runs of words at the top level and in
 * `div`s and quotes become paragraphs; lists, tables and code keep their lines as written.
 */
export function autoParagraphs(container: Element): void {
  const document = container.ownerDocument;
  let run: Node[] = [];
  const flush = () => {
    const [first] = run;
    if (first?.parentNode) {
      // The run's elements move into its paragraphs, so the place is held by a node of its own.
      const place = document.createTextNode("");
      first.parentNode.insertBefore(place, first);
      const made = paragraphsOf(run, document);
      removeAll(run.filter((node) => node.nodeType === 3));
      replaceWithAll(place, made);
    }
    run = [];
  };
  for (const child of Array.from(container.childNodes)) {
    if (!isBlock(child)) {
      run.push(child);
      continue;
    }
    flush();
    if (CONTAINER.has((child as Element).localName)) autoParagraphs(child as Element);
  }
  flush();
}
