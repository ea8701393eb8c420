let started = false;

/**
 * The home layout editor's entry, built on its own (src/lib/entry-url-plugin.ts) and loaded by the
 * header for an admin alone; the header's two account menus may both ask. The editor, React
 * and the editor's styles come with the import below.
 */
export function startHomeEditor(): void {
  const host = document.querySelector<HTMLElement>("[data-layout-editor]");
  if (!host || started) return;
  started = true;
  void import("./mount-home-editor").then(({ mountHomeEditor }) => mountHomeEditor(host));
}
