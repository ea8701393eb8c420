import { describe, expect, it } from "vitest";
import { figureMarkdown, insertBlock, videoMarkdown } from "./blocks";
import { insertFootnote, nextFootnote } from "./footnote";
import { BOLD, ITALIC, insertLink, toggleMark } from "./inline-marks";
import { cycleHeading, toggleList, toggleQuote } from "./line-marks";
import { applyEdit, mapOffset, type EditCommand } from "./text-edit";
import { EDITOR_ACTIONS } from "./actions";
import { ariaShortcut, shortcutText } from "./shortcuts";

/**
 * A text with its selection written in: `‹` and `›` around a selection, `|` for a cursor.
 * @example marked("a ‹b›") // { text: "a b", selection: { from: 2, to: 3 } }
 */
function marked(written: string) {
  const cursor = written.indexOf("|");
  if (cursor !== -1) return { text: written.replace("|", ""), selection: { from: cursor, to: cursor } };
  const from = written.indexOf("‹");
  const to = written.indexOf("›") - 1;
  return { text: written.replace("‹", "").replace("›", ""), selection: { from, to } };
}

/** The text and selection a command leaves, written as `marked` reads them. */
function run(command: EditCommand, written: string): string {
  const { text, selection } = marked(written);
  const edit = command(text, selection);
  const after = applyEdit(text, edit);
  const { from, to } = edit.selection;
  if (from === to) return `${after.slice(0, from)}|${after.slice(from)}`;
  return `${after.slice(0, from)}‹${after.slice(from, to)}›${after.slice(to)}`;
}

describe("bold and italic", () => {
  const bold = toggleMark(BOLD);
  const italic = toggleMark(ITALIC);

  it("wraps the selection and keeps it on the words", () => {
    expect(run(bold, "a ‹fine› day")).toBe("a **‹fine›** day");
    expect(run(italic, "a ‹fine› day")).toBe("a _‹fine›_ day");
  });

  it("takes the marks off again, from inside or just outside them", () => {
    expect(run(bold, "a **‹fine›** day")).toBe("a ‹fine› day");
    expect(run(bold, "a ‹**fine**› day")).toBe("a ‹fine› day");
    expect(run(italic, "a _‹fine›_ day")).toBe("a ‹fine› day");
  });

  it("leaves the spaces at a selection's edges outside, where CommonMark needs them", () => {
    expect(run(bold, "a‹ fine › day")).toBe("a **‹fine›**  day");
  });

  it("gives a cursor an empty pair to type into, and takes an empty pair away", () => {
    expect(run(bold, "a |day")).toBe("a **|**day");
    expect(run(bold, "a **|**day")).toBe("a |day");
  });

  it("untangles bold from italic written together", () => {
    expect(run(bold, "**_‹both›_**")).toBe("_‹both›_");
    expect(run(italic, "**_‹both›_**")).toBe("**‹both›**");
  });
});

describe("links", () => {
  it("makes words the link's text and selects the address to type", () => {
    expect(run(insertLink, "see ‹the report›.")).toBe("see [the report](‹url›).");
  });

  it("makes an address the link's target, with the cursor in its text", () => {
    expect(run(insertLink, "‹https://example.com/a›")).toBe("[|](https://example.com/a)");
  });

  it("gives a cursor an empty link", () => {
    expect(run(insertLink, "see |")).toBe("see [|](url)");
  });
});

describe("headings", () => {
  it("cycles a line through section, subsection and none, the cursor staying on its words", () => {
    expect(run(cycleHeading, "Pla|n")).toBe("# Pla|n");
    expect(run(cycleHeading, "# Pla|n")).toBe("## Pla|n");
    expect(run(cycleHeading, "## Pla|n")).toBe("Pla|n");
  });

  it("makes any other level a section, on the cursor's line alone", () => {
    expect(run(cycleHeading, "before\n### Pla|n\nafter")).toBe("before\n# Pla|n\nafter");
    expect(run(cycleHeading, "|")).toBe("# |");
  });
});

describe("quotes and lists", () => {
  it("quotes every line of the selection, blank ones too, so it stays one quote", () => {
    expect(run(toggleQuote, "‹one\n\ntwo›")).toBe("> ‹one\n>\n> two›");
    expect(run(toggleQuote, "> ‹one\n>\n> two›")).toBe("‹one\n\ntwo›");
  });

  it("lists the lines with words, and takes the bullets off again", () => {
    expect(run(toggleList, "‹milk\neggs›")).toBe("- ‹milk\n- eggs›");
    expect(run(toggleList, "- ‹milk\n* eggs›")).toBe("‹milk\neggs›");
  });

  it("starts a list or a quote on an empty line", () => {
    expect(run(toggleList, "a\n\n|")).toBe("a\n\n- |");
    expect(run(toggleQuote, "|")).toBe("> |");
  });

  it("leaves the line after a selection that ends at its start alone", () => {
    expect(run(toggleList, "‹one\n›two")).toBe("- ‹one\n›two");
  });
});

describe("footnotes", () => {
  it("numbers a note one past the highest numbered note, references and definitions alike", () => {
    expect(nextFootnote("Nothing yet.")).toBe(1);
    expect(nextFootnote("One[^1], three[^3].\n\n[^1]: a\n[^7]: b\n[^note]: c")).toBe(8);
  });

  it("puts the reference at the cursor and its definition at the end, the cursor there to write it", () => {
    expect(run(insertFootnote, "Said| once.\n\nThen again.")).toBe("Said[^1] once.\n\nThen again.\n\n[^1]: |");
    expect(run(insertFootnote, "Said.[^1] Twice.|\n\n[^1]: Once.\n")).toBe(
      "Said.[^1] Twice.[^2]\n\n[^1]: Once.\n\n[^2]: |",
    );
  });

  it("places the reference after a selection, and works on an empty text", () => {
    expect(run(insertFootnote, "‹Said›.")).toBe("Said[^1].\n\n[^1]: |");
    expect(run(insertFootnote, "|")).toBe("[^1]\n\n[^1]: |");
  });
});

describe("figures and videos", () => {
  const video = insertBlock(videoMarkdown("tiles"));

  it("puts a block after the cursor's line, in a paragraph of its own", () => {
    expect(run(video, "One| two.\nThree.")).toBe("One two.\n\n::video[tiles]|\n\nThree.");
    expect(run(video, "One.|")).toBe("One.\n\n::video[tiles]|");
  });

  it("puts it on the blank line the cursor is on", () => {
    expect(run(video, "One.\n\n|\n\nTwo.")).toBe("One.\n\n::video[tiles]|\n\nTwo.");
    expect(run(video, "|")).toBe("::video[tiles]|");
  });

  it("writes a figure with its alt text and caption, escaped so neither ends early", () => {
    const figure = { src: "/uploads/images/a.png", decorative: false };
    expect(figureMarkdown({ ...figure, alt: "A door", caption: 'The "blue" one' })).toBe(
      '![A door](/uploads/images/a.png "The \\"blue\\" one")',
    );
    expect(figureMarkdown({ ...figure, alt: "A [red]\ndoor", caption: "" })).toBe(
      "![A \\[red\\] door](/uploads/images/a.png)",
    );
    expect(figureMarkdown({ ...figure, src: "/a b.png", alt: "x", caption: "" })).toBe("![x](</a%20b.png>)");
  });

  it("writes a decorative figure with the decorative mark, whatever was typed", () => {
    expect(figureMarkdown({ src: "/uploads/images/a.png", alt: "typed", caption: "", decorative: true })).toBe(
      '![""](/uploads/images/a.png)',
    );
  });
});

describe("mapOffset", () => {
  it("moves an offset past text inserted exactly there, and to the end of a replacement it was inside", () => {
    const changes = [{ from: 2, to: 5, insert: "xy" }];
    expect(mapOffset(changes, 1)).toBe(1);
    expect(mapOffset(changes, 3)).toBe(4);
    expect(mapOffset(changes, 6)).toBe(5);
    expect(mapOffset([{ from: 0, to: 0, insert: "> " }], 0)).toBe(2);
  });
});

describe("shortcut names", () => {
  it("says a shortcut as the owner's keyboard names it, and as a screen reader does", () => {
    expect(shortcutText("Mod-Shift-b", false)).toBe("Ctrl+Shift+B");
    expect(shortcutText("Mod-Shift-b", true)).toBe("⌘⇧B");
    expect(shortcutText("Mod-Shift-.", false)).toBe("Ctrl+Shift+.");
    expect(ariaShortcut("Mod-k", false)).toBe("Control+K");
    expect(ariaShortcut("Mod-Shift-8", true)).toBe("Meta+Shift+8");
  });

  it("gives every toolbar button a name, and every shortcut to one button", () => {
    const keys = EDITOR_ACTIONS.flatMap((action) => (action.key ? [action.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(EDITOR_ACTIONS.map((action) => action.label)).toEqual([
      "Bold",
      "Italic",
      "Link",
      "Heading",
      "Quote",
      "List",
      "Footnote",
      "Image",
      "Video",
    ]);
  });
});
