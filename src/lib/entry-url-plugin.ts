import type { Plugin } from "vite";

export interface EntryUrl {
  /** The virtual module whose default export is the entry's URL, as a string. */
  id: `virtual:${string}`;
  /** The module built as the entry, from the project's root. */
  source: `/src/${string}`;
  /** The built chunk's name. */
  name: string;
}

/**
 * Builds a module as an entry of its own and hands importers its URL rather than the module.
 * They load it with an import of that URL, which the bundler does not wrap in its preload
 * helper (as it wraps every import of a module it can see), so a page carries neither the
 * helper nor anything of the entry until it is needed.
 */
export function entryUrl({ id, source, name }: EntryUrl): Plugin {
  const resolved = `\0${id}`;
  let reference: string | undefined;
  return {
    name: `meh:entry-url:${name}`,
    buildStart() {
      if (this.environment.name !== "client" || this.environment.mode !== "build") return;
      reference = this.emitFile({ type: "chunk", id: source, name });
    },
    resolveId(requested) {
      return requested === id ? resolved : undefined;
    },
    load(loaded) {
      if (loaded !== resolved) return undefined;
      // The dev server serves the source itself.
      const url = reference ? `import.meta.ROLLUP_FILE_URL_${reference}` : JSON.stringify(source);
      return `export default ${url};`;
    },
  };
}
