import { asRecord } from "../revision-json";

/**
 * `into` with the fields `kept` holds for it, where they are of the kind `into`'s own field
 * is: an autosave over the item it was typed into, or a new item's kept work over the form's
 * blank values. Keys `into` does not have, and values of another kind, are passed over.
 * @example withKept({ title: "", mehRating: 3 }, { title: "Half a thought", mehRating: "3" }) // { title: "Half a thought", mehRating: 3 }
 */
export function withKept<T extends object>(into: T, kept: Readonly<Record<string, unknown>> | undefined): T {
  const merged: Record<string, unknown> = { ...asRecord(into) };
  for (const [key, value] of Object.entries(kept ?? {})) {
    const own = merged[key];
    if (key in into && (own === null || value === null || typeof own === typeof value)) merged[key] = value;
  }
  return merged as T;
}
