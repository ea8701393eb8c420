import { useEffect, useId, useRef, type ReactNode } from "react";
import { focusFirstField, hasOpenLayer } from "./dialog-focus";
import type { Editing } from "./manager-config";

/**
 * The manager's one dialog, open while something is being created or edited: its title,
 * its close button, and Esc, which it handles itself, asking `onRequestClose` rather than
 * closing outright.
 */
export function ManagerDialog({
  editing,
  noun,
  onRequestClose,
  onClosed,
  children,
}: {
  editing: Editing<unknown>;
  /** What an item is called in the dialog's name: "post", "video". */
  noun: string;
  onRequestClose: () => void;
  /** The dialog closed, whatever closed it. */
  onClosed: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const dialogId = useId();

  useEffect(() => {
    if (editing && !dialog.current?.open) {
      dialog.current?.showModal();
      return focusFirstField(dialog.current);
    }
    if (!editing && dialog.current?.open) dialog.current.close();
  }, [editing]);

  return (
    <dialog
      ref={dialog}
      className="manager__dialog"
      aria-labelledby={`${dialogId}-title`}
      onKeyDownCapture={(event) => {
        if (event.key !== "Escape") return;
        // Esc is the dialog's to handle, not the browser's, which would close it outright.
        // A window opened inside it (an upload) closes itself; only then the dialog, if
        // nothing typed would be lost.
        event.preventDefault();
        if (!hasOpenLayer(event.currentTarget)) onRequestClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onClose={onClosed}
    >
      <header className="manager__dialog-header">
        <h2 id={`${dialogId}-title`}>{editing?.mode === "edit" ? `Edit ${noun}` : `New ${noun}`}</h2>
        <button type="button" className="manager__dialog-close" aria-label="Close" onClick={onRequestClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {children}
    </dialog>
  );
}
