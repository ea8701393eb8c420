import { appendAll, elements, paragraph, replaceWithAll, unwrap } from "./dom";

/** Swap `element` for a new one named `name`, with its children. */
function rename(element: Element, name: string): Element {
  const renamed = element.ownerDocument.createElement(name);
  appendAll(renamed, Array.from(element.childNodes));
  element.replaceWith(renamed);
  return renamed;
}

/**
 * Headings moved so the highest the body uses is `##`, the rest keeping their distance
 * below it (to `######` at most): the post's title is the page's only `#`.
 */
export function shiftHeadings(root: Element): void {
  const headings = elements(root, "h1, h2, h3, h4, h5, h6");
  const levels = headings.map((heading) => Number(heading.localName.slice(1)));
  const shift = 2 - levels.reduce((highest, level) => Math.min(highest, level), 6);
  headings.forEach((heading, index) => {
    const level = Math.min(6, (levels[index] ?? 2) + shift);
    if (level !== levels[index]) rename(heading, `h${String(level)}`);
  });
}

const LANGUAGE = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;

/**
 * Every `pre` as one `code` holding its text, with the language its classes name: the shape
 * turndown writes as a fenced block. Medium breaks a block's lines with `br`, and
 * highlighters wrap each token in a span; both become plain lines.
 */
export function shapeCodeBlocks(root: Element): void {
  for (const pre of elements(root, "pre")) {
    if (!root.contains(pre)) continue;
    const code = pre.querySelector("code");
    const language = LANGUAGE.exec(code?.getAttribute("class") ?? "")?.[1] ?? LANGUAGE.exec(pre.className)?.[1];
    for (const br of elements(pre, "br")) br.replaceWith("\n");
    const block = pre.ownerDocument.createElement("code");
    if (language) block.setAttribute("class", `language-${language}`);
    block.textContent = pre.textContent;
    pre.textContent = "";
    pre.appendChild(block);
  }
}

/**
 * Every table as GitHub's Markdown table needs it: its first row a heading row (a table
 * without one would be kept as HTML, which the essay drops), then the rest; its caption a
 * paragraph before it. Line breaks in a cell or heading become spaces, as one line is all
 * either has.
 */
export function shapeTables(root: Element): void {
  const document = root.ownerDocument;
  for (const br of elements(root, "td br, th br, h1 br, h2 br, h3 br, h4 br, h5 br, h6 br")) br.replaceWith(" ");
  for (const table of elements(root, "table").reverse()) {
    const rows = elements(table, "tr").filter((row) => row.closest("table") === table);
    const caption = table.querySelector("caption");
    const before = caption ? [paragraph(document, Array.from(caption.childNodes))] : [];
    const [head, ...body] = rows;
    // A table with no rows says nothing but its caption; turndown's table rule expects a row.
    if (!head) {
      replaceWithAll(table, before);
      continue;
    }
    const thead = document.createElement("thead");
    thead.appendChild(head);
    for (const cell of elements(head, "td").filter((cell) => cell.parentElement === head)) rename(cell, "th");
    const tbody = document.createElement("tbody");
    appendAll(tbody, body);
    const shaped = document.createElement("table");
    appendAll(shaped, [thead, tbody]);
    replaceWithAll(table, [...before, shaped]);
  }
}

/** Whether nothing a reader sees follows `node` (or precedes it) inside `block`. */
function atEdge(node: Node, block: Element, side: "next" | "previous"): boolean {
  for (let at: Node | null = node; at && at !== block; at = at.parentNode) {
    for (let sibling = side === "next" ? at.nextSibling : at.previousSibling; sibling;) {
      if (sibling.nodeType !== 3 || (sibling.textContent ?? "").trim() !== "") return false;
      sibling = side === "next" ? sibling.nextSibling : sibling.previousSibling;
    }
  }
  return true;
}

const BLOCKS = "p, li, blockquote, div, td, th, figcaption, section, article, body, dd, dt";

/**
 * Line breaks at the start or end of a paragraph (or any block) removed: written as `\`
 * at a line's end, one with nothing after it would show as a backslash.
 */
export function trimLineBreaks(root: Element): void {
  const breaks = elements(root, "br");
  // From the last, so a run of breaks at a paragraph's end goes one by one, each scan short.
  for (const br of [...breaks].reverse()) {
    const block = br.parentElement?.closest(BLOCKS);
    if (block && atEdge(br, block, "next")) br.remove();
  }
  for (const br of breaks) {
    const block = br.parentElement?.closest(BLOCKS);
    if (block && root.contains(br) && atEdge(br, block, "previous")) br.remove();
  }
}

/**
 * A list item's one paragraph unwrapped, as Substack writes every item: kept, each would
 * make its list loose, a blank line between every item.
 */
export function tightenListItems(root: Element): void {
  for (const item of elements(root, "li")) {
    const paragraphs = Array.from(item.children).filter((child) => child.localName === "p");
    const [only] = paragraphs;
    if (paragraphs.length === 1 && only) unwrap(only);
  }
}
