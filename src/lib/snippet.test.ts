import { describe, expect, it } from "vitest";
import { searchStems, snippetOf, type Snippet } from "./snippet";

/** A snippet written as text with the marks in brackets, for readable expectations. */
const shown = (snippet: Snippet | null) =>
  snippet?.map((part) => (part.match ? `[${part.text}]` : part.text)).join("") ?? null;

describe("searchStems", () => {
  it("drops stop words, excluded words and `or`, and endings", () => {
    expect(searchStems("The puddles or -sandwich waiting")).toEqual(["puddl", "wait"]);
  });
});

describe("snippetOf", () => {
  const content =
    "I bought a cheese and pickle sandwich from the chiller cabinet of a petrol station at half past twelve on a Wednesday. " +
    "It came in a triangular plastic carton with a window, through which the sandwich looked back at me, unbothered. " +
    "Nothing about it was remarkable.";

  it("shows the words around the first match, marking every match in the window", () => {
    expect(shown(snippetOf([content], "sandwich"))).toBe(
      "I bought a cheese and pickle [sandwich] from the chiller cabinet of a petrol station at half past twelve on a Wednesday. " +
        "It came in a triangular plastic carton with a window …",
    );
  });

  it("says the text goes on only when a word follows its 32", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? "kettle" : `w${String(i)}`)).join(" ");
    expect(shown(snippetOf([`${words(32)}.`], "kettle"))).toBe(`[kettle] ${words(32).slice(7)}.`);
    expect(shown(snippetOf([`${words(33)}.`], "kettle"))).toBe(`[kettle] ${words(32).slice(7)} …`);
  });

  it("starts a little before a match deep in the text, and says it was cut", () => {
    expect(shown(snippetOf([content], "unbothered"))).toBe(
      "… through which the sandwich looked back at me, [unbothered]. Nothing about it was remarkable.",
    );
  });

  it("finds other forms of the word, in any case", () => {
    expect(shown(snippetOf(["Puddles gather. A puddle waits."], "PUDDLE waiting"))).toBe(
      "[Puddles] gather. A [puddle] [waits].",
    );
  });

  it("tries the texts in order and is null when none holds a word of the term", () => {
    expect(shown(snippetOf(["No match here.", "A queue moved."], "queues"))).toBe("A [queue] moved.");
    expect(snippetOf([content], "sandwhich")).toBeNull();
    expect(snippetOf([content], "the")).toBeNull();
  });

  it("passes over a text that holds the word only inside others, and finds it after any punctuation", () => {
    expect(shown(snippetOf(["Appraised, unpraised.", "“PRAISE—praised—'praise'”"], "praise"))).toBe(
      "“[PRAISE]—[praised]—'[praise]'”",
    );
  });

  it("keeps text as text: markup in a post is never a mark", () => {
    const snippet = snippetOf(["<b>sandwich</b> & <i>crisps</i>"], "sandwich");
    expect(snippet).toEqual([
      { text: "<b>", match: false },
      { text: "sandwich", match: true },
      { text: "</b> & <i>crisps</i>", match: false },
    ]);
  });
});
