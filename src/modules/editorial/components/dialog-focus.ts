/**
 * Whether a window of its own is open inside `dialog`: Uppy's (a role=dialog hidden by
 * aria-hidden when closed), or an editor's own `<dialog>` (`InnerDialog`).
 */
export const hasOpenLayer = (dialog: HTMLElement): boolean =>
  [...dialog.querySelectorAll('[role="dialog"], [aria-modal="true"], dialog[open]')].some(
    (layer) => !layer.closest('[aria-hidden="true"]'),
  );

const FIRST_FIELD = "form :is(input, textarea, select):not(:disabled)";

/**
 * Put the focus on the form's first field, not on the close button the dialog focuses
 * first. An edit form appears only once its item's gallery has loaded, so until it does,
 * wait for it; if the owner has moved the focus on by then, leave it where they put it.
 */
export function focusFirstField(dialog: HTMLDialogElement | null): (() => void) | undefined {
  if (!dialog) return undefined;
  const opener = document.activeElement;
  const focus = () => {
    const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
    if (!field) return false;
    const untouched =
      document.activeElement === opener || dialog.querySelector("header")?.contains(document.activeElement);
    if (untouched || document.activeElement === dialog) field.focus();
    return true;
  };
  if (focus()) return undefined;
  const observer = new MutationObserver(() => {
    if (!dialog.open || focus()) observer.disconnect();
  });
  observer.observe(dialog, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
  };
}
