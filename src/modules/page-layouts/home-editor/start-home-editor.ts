/**
 * The one module the header imports for an admin. It imports nothing itself, so the
 * header's import of it needs no preloading of dependencies and visitors' pages carry no
 * loader for them; the editor and React come with the import below, for admins alone.
 */
export function startHomeEditor(host: HTMLElement): void {
  void import("./mount-home-editor").then(({ mountHomeEditor }) => {
    mountHomeEditor(host);
  });
}
