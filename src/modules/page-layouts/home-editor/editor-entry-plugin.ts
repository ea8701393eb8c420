import type { Plugin } from "vite";

/** What the header imports: the URL of the home editor's entry, as a string. */
export const EDITOR_ENTRY_ID = "virtual:home-editor-entry";
const RESOLVED_ID = `\0${EDITOR_ENTRY_ID}`;
const ENTRY_SOURCE = "/src/modules/page-layouts/home-editor/start-home-editor.ts";

/**
 * Builds the home layout editor as its own entry and hands the header its URL rather than a
 * module. The header loads it with an import of that URL, which the bundler does not wrap in
 * its preload helper (as it wraps every import of a module it can see), so a visitor's page
 * carries neither the helper nor anything else of the editor.
 */
export function homeEditorEntry(): Plugin {
  let reference: string | undefined;
  return {
    name: "meh:home-editor-entry",
    buildStart() {
      if (this.environment.name !== "client" || this.environment.mode !== "build") return;
      reference = this.emitFile({ type: "chunk", id: ENTRY_SOURCE, name: "home-editor" });
    },
    resolveId(id) {
      return id === EDITOR_ENTRY_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The dev server serves the source itself.
      const url = reference ? `import.meta.ROLLUP_FILE_URL_${reference}` : JSON.stringify(ENTRY_SOURCE);
      return `export default ${url};`;
    },
  };
}
