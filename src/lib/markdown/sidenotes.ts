import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { SKIP_CHILDREN, copyNodes, eachElement, h, isElement, text } from "./hast";

/** The notes of a tree as GFM writes them: each `li` of the notes section, by its id. */
function notesOf(tree: Root): Map<string, Element> {
  const notes = new Map<string, Element>();
  eachElement(tree, (node) => {
    if (node.tagName !== "section" || node.properties.dataFootnotes === undefined) return;
    eachElement(node, (item) => {
      if (item.tagName === "li" && typeof item.properties.id === "string") notes.set(item.properties.id, item);
    });
    return SKIP_CHILDREN;
  });
  return notes;
}

/**
 * A note's blocks as phrasing content, since it now stands inside its reference's paragraph:
 * each paragraph a block-displayed span, and any other block (a list, a quote) as its words.
 */
function inlineNote(note: Element): ElementContent[] {
  return copyNodes(note.children).flatMap((child) => {
    if (!isElement(child)) return [];
    const words = isElement(child, "p") ? child.children : [text(toText(child))];
    return [h("span", { className: ["sidenote__para"] }, words)];
  });
}

/**
 * Footnotes as sidenotes, at each note's first reference, with no script: a visually hidden
 * checkbox, the reference number as its label, and the note. The post's stylesheet sets the
 * note in the margin on wide screens and opens it under its line when the box is checked on
 * narrow ones. The notes section GFM writes stays after the essay, for print (and is hidden
 * on screen); a later reference to a note already placed links to it.
 */
export function rehypeSidenotes(idPrefix: string) {
  return (tree: Root) => {
    const notes = notesOf(tree);
    const placed = new Set<string>();
    eachElement(tree, (node, parent, index) => {
      if (node.tagName === "section") return SKIP_CHILDREN;
      const [link] = node.children;
      if (node.tagName !== "sup" || !isElement(link, "a") || link.properties.dataFootnoteRef === undefined) return;
      const noteId = String(link.properties.href).slice(1);
      const note = notes.get(noteId);
      if (!note) return;
      const key = noteId.slice(`${idPrefix}fn-`.length);
      const sidenoteId = `${idPrefix}sn-${key}`;
      delete link.properties.ariaDescribedBy;
      if (placed.has(noteId)) {
        link.properties.href = `#${sidenoteId}`;
        return SKIP_CHILDREN;
      }
      placed.add(noteId);
      const number = toText(link);
      const toggleId = `${sidenoteId}-toggle`;
      parent.children.splice(
        index,
        1,
        h("input", { type: "checkbox", id: toggleId, className: ["sidenote-toggle"], ariaLabel: `Note ${number}` }),
        h("label", { htmlFor: [toggleId], id: link.properties.id, className: ["sidenote-ref"] }, [
          h("sup", {}, [text(number)]),
        ]),
        h("span", { id: sidenoteId, className: ["sidenote"], role: "note" }, [
          h("span", { className: ["sidenote__number"] }, [text(`${number}.`)]),
          text(" "),
          ...inlineNote(note),
        ]),
      );
      return index + 3;
    });
  };
}
