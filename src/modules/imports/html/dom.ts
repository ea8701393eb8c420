import { createDocument } from "@mixmark-io/domino";

/**
 * A source's HTML parsed as a browser parses a body's inner HTML, in a document of its own:
 * what the reshaping steps change and turndown reads.
 */
export function parseBody(html: string): HTMLElement {
  const document = createDocument("");
  document.body.innerHTML = html;
  return document.body;
}

/*
 * domino's `querySelector` answers `undefined`, not `null`, when nothing matches: its
 * answers are tested for being there (`?.`, `??`, truthiness), never compared with `null`.
 */

/** The elements under `root` that `selector` matches, in document order, as a list that stays put while they move. */
export const elements = (root: ParentNode, selector: string): Element[] => Array.from(root.querySelectorAll(selector));

/**
 * `nodes` appended to `parent`, in order. domino, the DOM turndown reads, has no
 * `ParentNode.append`.
 */
export function appendAll(parent: Element | DocumentFragment, nodes: Node[]): void {
  const fragment = parent.ownerDocument.createDocumentFragment();
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const node = nodes[index];
    if (node) fragment.insertBefore(node, fragment.firstChild);
  }
  parent.appendChild(fragment);
}

/**
 * `node` replaced by `nodes`, in order, in time that grows with their number. Not
 * `replaceWith(...nodes)`: spread into a call, a hundred thousand nodes overflow the stack.
 * domino keeps a parent's children in an array once they are listed, and taking one from
 * its front shifts (and renumbers) all the rest: the nodes are taken from the last, into a
 * fragment that goes in with one splice. Put in before `node`, not in its place: domino's
 * `replaceChild` with a fragment can leave a child whose parent is not the element holding
 * it (found by converting random HTML), and with an empty one leaves `node` where it was.
 */
export function replaceWithAll(node: ChildNode, nodes: Node[]): void {
  const { parentNode: parent, ownerDocument: document } = node;
  if (!parent || !document) return;
  const fragment = document.createDocumentFragment();
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const each = nodes[index];
    if (each) fragment.insertBefore(each, fragment.firstChild);
  }
  parent.insertBefore(fragment, node);
  parent.removeChild(node);
}

/** `nodes` taken out, from the last, for the reason `replaceWithAll` gives. */
export function removeAll(nodes: Node[]): void {
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const node = nodes[index];
    node?.parentNode?.removeChild(node);
  }
}

/** `element` replaced by its own children. */
export function unwrap(element: Element): void {
  replaceWithAll(element, Array.from(element.childNodes));
}

/** Words as a reader sees them: runs of white space as one space, none at either end. */
export const words = (node: Node): string => (node.textContent ?? "").replace(/\s+/g, " ").trim();

/**
 * The elements the converter writes into the DOM for what Markdown says in its own way,
 * each turned into its Markdown by a rule of `markdownService`. A source's own elements of
 * these names are unwrapped before any is written (`unwrapMarkerLookalikes`).
 */
export const MARKERS = {
  /** An image alone on its line, with its caption: `![alt](src "Caption")`. */
  figure: "md-figure",
  /** A YouTube or Vimeo address alone on its line, which the site draws as its player. */
  video: "md-video",
  /** A `:::aside` or `:::pullquote` box around its content. */
  box: "md-box",
  /** A footnote's reference, `[^n]`. */
  noteRef: "md-note-ref",
} as const;

export type BoxKind = "aside" | "pullquote";

/** A figure of `image` (moved into it) with `caption`, possibly empty. */
export function figureMarker(image: Element, caption: string): Element {
  const marker = image.ownerDocument.createElement(MARKERS.figure);
  marker.setAttribute("data-caption", caption);
  marker.appendChild(image);
  return marker;
}

/** The address of a video alone on its line. */
export function videoMarker(document: Document, address: string): Element {
  const marker = document.createElement(MARKERS.video);
  // Its text keeps it from being taken for a blank element, which turndown leaves out.
  marker.textContent = address;
  return marker;
}

/** A box of `kind` around `content` (moved into it). */
export function boxMarker(document: Document, kind: BoxKind, content: Node[]): Element {
  const marker = document.createElement(MARKERS.box);
  marker.setAttribute("data-kind", kind);
  appendAll(marker, content);
  return marker;
}

/** The reference to footnote `number`. */
export function noteRefMarker(document: Document, number: number): Element {
  const marker = document.createElement(MARKERS.noteRef);
  marker.textContent = String(number);
  return marker;
}

/** A source's own elements named like the markers, unwrapped: only the converter writes those. */
export function unwrapMarkerLookalikes(root: Element): void {
  for (const element of elements(root, Object.values(MARKERS).join(", "))) unwrap(element);
}

/** A paragraph holding `nodes`. */
export function paragraph(document: Document, nodes: Node[]): Element {
  const p = document.createElement("p");
  appendAll(p, nodes);
  return p;
}
