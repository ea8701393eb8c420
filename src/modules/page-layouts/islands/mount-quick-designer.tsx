import { createRoot } from "react-dom/client";
import QuickDesigner, { type QuickDesignerProps } from "./QuickDesigner";

/**
 * Draw the quick designer into `container`, with React, both loaded only now: the
 * dashboard's own script is a button and a dialog. Returns what takes it down again.
 */
export function mountQuickDesigner(container: Element, props: QuickDesignerProps): () => void {
  const root = createRoot(container);
  root.render(<QuickDesigner {...props} />);
  return () => {
    root.unmount();
  };
}
