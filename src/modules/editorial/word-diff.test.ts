import { describe, expect, it } from "vitest";
import { fieldDiffs, wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("marks whole words taken out and put in, and keeps the rest", () => {
    expect(wordDiff("The kettle was fine.", "The kettle was adequate.")).toEqual([
      { kind: "same", text: "The kettle was " },
      { kind: "removed", text: "fine" },
      { kind: "added", text: "adequate" },
      { kind: "same", text: "." },
    ]);
  });

  it("gives one unchanged run for equal texts, and one added run from nothing", () => {
    expect(wordDiff("Same words.", "Same words.")).toEqual([{ kind: "same", text: "Same words." }]);
    expect(wordDiff("", "New words")).toEqual([{ kind: "added", text: "New words" }]);
  });
});

describe("fieldDiffs", () => {
  const fields = [
    { name: "title", label: "Title" },
    { name: "content", label: "Content" },
    { name: "excerpt", label: "Excerpt" },
  ];

  it("lists only the fields whose words differ, in the fields' order, by their labels", () => {
    const diffs = fieldDiffs(
      fields,
      { title: "A Lift", content: "It stops.", excerpt: "Same." },
      { title: "A Lift", content: "It stops everywhere.", excerpt: "Same." },
    );
    expect(diffs).toEqual([
      {
        label: "Content",
        parts: [
          { kind: "same", text: "It stops " },
          { kind: "added", text: "everywhere" },
          { kind: "same", text: "." },
        ],
      },
    ]);
  });

  it("reads a missing or non-text field as empty", () => {
    expect(fieldDiffs(fields, { title: "T", content: "", excerpt: null }, { title: "T" })).toEqual([]);
  });
});
