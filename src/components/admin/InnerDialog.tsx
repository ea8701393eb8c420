import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import "./inner-dialog.css";

/**
 * A small modal window opened from inside an editor's dialog (describe an image, pick a
 * video), put in `container` (that dialog) beside the editor's form rather than inside it:
 * a form may not hold another, and its own Enter must not save the editor's. It opens as
 * it mounts and takes Esc and Cancel itself. When it goes, the browser puts the focus back
 * where it was (a toolbar's button, often); `onClosed` may then put it where the work goes on.
 */
export function InnerDialog({
  title,
  container,
  onCancel,
  onSubmit,
  onClosed,
  children,
}: {
  title: string;
  container: Element;
  onCancel: () => void;
  /** What Enter in one of its fields, or its submit button, does. */
  onSubmit: () => void;
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
  return createPortal(
    <dialog
      ref={dialog}
      className="inner-dialog"
      aria-labelledby={`${id}-title`}
      // The editor's dialog takes Esc before the browser can (see ManagerDialog), so this one answers it here.
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        onCancel();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        // React carries events up its own tree, through the portal: the editor's form must not hear this submit.
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onSubmit();
        }}
      >
        <h3 id={`${id}-title`}>{title}</h3>
        {children}
      </form>
    </dialog>,
    container,
  );
}
