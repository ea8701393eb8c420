import type { LayoutJson } from "./layout-json";

/**
 * Which version visitors see and which one the owner is editing, in one sentence, so a
 * restore or an auto-save never leaves them guessing what is live.
 * @example publishState({ version: 9, publishedVersionNumber: 7 }, false) // "Visitors see version 7; you are editing version 9."
 */
export function publishState(
  layout: Pick<LayoutJson, "version" | "publishedVersionNumber"> | null,
  unsaved: boolean,
): string {
  if (!layout) return "Not published: visitors see the page without a design.";
  const editing = `you are editing version ${layout.version}${unsaved ? " with unsaved changes" : ""}`;
  if (layout.publishedVersionNumber === null)
    return `Not published: visitors see the page without a design; ${editing}.`;
  if (layout.publishedVersionNumber === layout.version && !unsaved) {
    return `Visitors see version ${layout.version}, the one you are editing.`;
  }
  return `Visitors see version ${layout.publishedVersionNumber}; ${editing}.`;
}
