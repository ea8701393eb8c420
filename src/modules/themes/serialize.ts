import type { RevisionSummary, ThemeRow } from "./themes.server";

/** A theme revision as the API sends it: SPEC §3's fields, nothing else. */
export function serializeTheme(theme: ThemeRow) {
  return {
    id: theme.id,
    name: theme.name,
    description: theme.description,
    cssContent: theme.cssContent,
    createdAt: theme.createdAt.toISOString(),
    updatedAt: theme.updatedAt.toISOString(),
  };
}

/** A line of the history. */
export function serializeRevision(revision: RevisionSummary) {
  return { ...revision, createdAt: revision.createdAt.toISOString() };
}

export type ThemeJson = ReturnType<typeof serializeTheme>;
export type RevisionJson = ReturnType<typeof serializeRevision>;
