import { diffWords } from "diff";

/** One run of a word diff: words both texts have, or only the older or newer one. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** How `before` becomes `after`, word by word (spaces go with the words around them). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

/** A text field of an item and what the history calls it. */
export interface DiffField {
  name: string;
  label: string;
}

/**
 * The text fields the history compares for an item: the title, the kind's own text (`own`),
 * then the analysis every item has.
 */
export const historyFields = (own: readonly DiffField[]): readonly DiffField[] => [
  { name: "title", label: "Title" },
  ...own,
  { name: "existentialEcho", label: "Existential echo" },
  { name: "soundtrackPotential", label: "Soundtrack potential" },
  { name: "emotionalTexture", label: "Emotional texture" },
];

/** One field that differs, and how. */
export interface FieldDiff {
  label: string;
  parts: DiffPart[];
}

const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * What restoring `restored` would change in `current`, field by field: only the fields
 * whose words differ. Absent or empty fields read as empty text.
 */
export function fieldDiffs(
  fields: readonly DiffField[],
  current: Readonly<Record<string, unknown>>,
  restored: Readonly<Record<string, unknown>>,
): FieldDiff[] {
  return fields
    .filter(({ name }) => textOf(current[name]) !== textOf(restored[name]))
    .map(({ name, label }) => ({ label, parts: wordDiff(textOf(current[name]), textOf(restored[name])) }));
}
