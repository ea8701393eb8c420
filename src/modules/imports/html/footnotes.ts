import { appendAll, elements, noteRefMarker, removeAll, words } from "./dom";

/** A footnote moved out of the text: its number and what it says, still as HTML. */
export interface MovedNote {
  number: number;
  content: DocumentFragment;
}

/**
 * Where the notes of the common writers live: Markdown-it's and kramdown's `.footnotes`,
 * GitHub's `[data-footnotes]`, pandoc's `doc-endnotes`, WordPress's footnotes block.
 */
const NOTE_LISTS = ".footnotes, [data-footnotes], [role=doc-endnotes], .wp-block-footnotes";
/** Substack writes each note as a `div.footnote`, its number an `a.footnote-number`. */
const SUBSTACK_NOTE = "div.footnote";

/** The note an element with a referenced id stands for, or null when it is no note. */
function noteOf(target: Element): Element | null {
  const substack = target.closest(SUBSTACK_NOTE);
  if (substack) return substack;
  return target.localName === "li" && target.closest(NOTE_LISTS) ? target : null;
}

type TargetOf = (link: Element) => Element | null;

/**
 * What each `#id` link under `root` points at: the first element of that id after the link,
 * else the first of all. Ghost's Markdown cards each number their notes from 1, so a
 * reference means the note after it.
 */
function idTargets(root: Element): TargetOf {
  const byId = new Map<string, Element[]>();
  for (const element of elements(root, "[id]")) {
    const id = element.getAttribute("id") ?? "";
    const same = byId.get(id);
    if (same) same.push(element);
    else byId.set(id, [element]);
  }
  return (link) => {
    const href = link.getAttribute("href") ?? "";
    if (!href.startsWith("#")) return null;
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // An id with a stray % is looked up as written.
    }
    // A few of one id is Ghost's cards; thousands is hostile, and only the first few are tried.
    const candidates = (byId.get(id) ?? []).slice(0, 16);
    const after = candidates.find((candidate) => link.compareDocumentPosition(candidate) & 4);
    return after ?? candidates[0] ?? null;
  };
}

/** What a note says, without its number or the links back to its references. */
function noteContent(note: Element, targetOf: TargetOf, backTargets: Set<Element>): DocumentFragment {
  const content = note.matches(SUBSTACK_NOTE) ? (note.querySelector(".footnote-content") ?? note) : note;
  for (const link of elements(content, "a")) {
    const target = targetOf(link);
    const back =
      link.matches(".footnote-number, .footnote-backref, .reversefootnote, [data-footnote-backref]") ||
      (target !== null && backTargets.has(target)) ||
      // An arrow alone, perhaps with the selector that asks for its text form (↩︎).
      /^(?:\s|↩|↑|\uFE0E|\uFE0F)+$/.test(link.textContent);
    if (back) link.remove();
  }
  const said = note.ownerDocument.createDocumentFragment();
  appendAll(said, Array.from(content.childNodes));
  return said;
}

/**
 * The footnotes of `root` taken out of the text, in the order they are first referred to,
 * each reference replaced by its number's marker (`[^n]` once written): Substack's
 * (`a.footnote-anchor` to a `div.footnote`), and every list of notes whose items are linked
 * to by id (Markdown-it, kramdown, pandoc, GitHub, WordPress). A note nothing refers to
 * stays where it was, so its words are not lost.
 */
export function moveFootnotes(root: Element): MovedNote[] {
  const targetOf = idTargets(root);
  const numbers = new Map<Element, number>();
  const backTargets = new Set<Element>();
  const references: { link: Element; number: number }[] = [];
  for (const link of elements(root, "a[href^='#']")) {
    const target = targetOf(link);
    const note = target ? noteOf(target) : null;
    if (!note || note.contains(link)) continue;
    const number = numbers.get(note) ?? numbers.size + 1;
    numbers.set(note, number);
    references.push({ link, number });
    backTargets.add(link);
    if (link.parentElement?.localName === "sup") backTargets.add(link.parentElement);
  }
  // Read before the references are replaced, while the links back still find them.
  const moved = [...numbers].map(([note, number]) => ({ number, content: noteContent(note, targetOf, backTargets) }));
  const document = root.ownerDocument;
  for (const { link, number } of references) {
    const sup = link.parentElement;
    const alone = sup?.localName === "sup" && sup.children.length === 1 && words(sup) === words(link);
    (alone ? sup : link).replaceWith(noteRefMarker(document, number));
  }
  removeAll([...numbers.keys()]);
  for (const list of elements(root, `${NOTE_LISTS}, hr.footnotes-sep`))
    if (root.contains(list) && !list.querySelector("li")) list.remove();
  return moved;
}
