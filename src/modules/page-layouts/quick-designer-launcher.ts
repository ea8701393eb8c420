// The dashboard's Quick Designer button and dialog (SPEC §2). Only this reaches the page
// up front; the designer and React load on the first click.

import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import type { GeneratedCode } from "./generate-code";

class QuickDesignerLauncher extends HTMLElement {
  #unmount: (() => void) | undefined;

  connectedCallback(): void {
    const dialog = this.querySelector("dialog");
    if (!dialog) return;
    this.querySelector("[data-open]")?.addEventListener("click", () => void this.#open(dialog));
    this.querySelector("[data-close]")?.addEventListener("click", () => {
      this.#requestClose(dialog);
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.isComposing) return;
      // Esc is the dialog's to handle, not the browser's, which would close it outright
      // (and after a refused close, the second time regardless). A notice takes its own Esc.
      event.preventDefault();
      if (!(event.target as Element).closest(".toasts")) this.#requestClose(dialog);
    });
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.#requestClose(dialog);
    });
    // However it closes, the design goes with it: the next opening starts afresh.
    dialog.addEventListener("close", () => {
      this.#unmount?.();
      this.#unmount = undefined;
    });
  }

  async #open(dialog: HTMLDialogElement): Promise<void> {
    const status = dialog.querySelector<HTMLElement>("[data-status]");
    const root = dialog.querySelector("[data-root]");
    if (!root || !status) return;
    dialog.showModal();
    status.hidden = false;
    status.textContent = "Loading designer...";
    try {
      const { mountQuickDesigner } = await import("./islands/mount-quick-designer");
      if (!dialog.open || this.#unmount) return;
      status.hidden = true;
      this.#unmount = mountQuickDesigner(root, {
        // SPEC §2: on the dashboard, saving only logs the result and closes the dialog.
        onSave: (code: GeneratedCode) => {
          console.info("Quick designer output", code);
          dialog.close();
        },
      });
    } catch {
      status.textContent = "The designer could not be loaded. Close this and try again.";
    }
  }

  /** Close the dialog, unless its owner would rather keep a design not yet saved. */
  #requestClose(dialog: HTMLDialogElement): void {
    if (mayDiscardUnsavedWork()) dialog.close();
  }
}

customElements.define("quick-designer-launcher", QuickDesignerLauncher);
