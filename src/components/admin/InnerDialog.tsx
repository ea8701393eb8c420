import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormActions } from "./FormControls";
import "./inner-dialog.css";

/**
 * A small modal window opened from inside an editor's form (describe an image, pick a video).
 * It is not a form of its own, since a form may not hold another: Enter in one of its
 * fields does what its `submitLabel` button does, never the editor's save. It opens as it
 * mounts and takes Esc and Cancel itself. When it goes, the browser puts the focus back
 * where it was (a toolbar's button, often); `onClosed` may then put it where the work goes on.
 */
export function InnerDialog({
  title,
  submitLabel,
  onSubmit,
  onCancel,
  onClosed,
  children,
}: {
  title: string;
  /** Its main button; none when choosing is done in its body. */
  submitLabel?: string;
  /** What its main button, or Enter in one of its fields, does. */
  onSubmit: () => void;
  onCancel: () => void;
  onClosed?: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => {
    const opened = dialog.current;
    opened?.showModal();
    return () => {
      opened?.close();
      closed.current?.();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="inner-dialog"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        // The editor's dialog takes Esc before the browser can (see ManagerDialog), so this one answers it here.
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
          // Not the editor's form's implicit submission: that would save the post.
          event.preventDefault();
          onSubmit();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
      {submitLabel ? (
        <FormActions saveLabel={submitLabel} pending={false} onCancel={onCancel} onSave={onSubmit} />
      ) : (
        <div className="form-actions">
          <button className="button button--quiet" type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </dialog>
  );
}
