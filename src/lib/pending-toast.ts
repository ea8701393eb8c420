import toastEntry from "virtual:toast-entry";
import type { Toast } from "./toast";

// A notice kept for the next page, apart from the notices' own code (toast.ts), which a page
// loads only when it has one to show.

/** Where a notice waits for the next page. */
const PENDING_TOAST_KEY = "meh:pending-toast";

// By its URL, so the bundler's preload helper does not come along (entry-url-plugin.ts).
const showNow = (notification: Toast): Promise<void> =>
  (import(/* @vite-ignore */ toastEntry) as Promise<typeof import("./toast")>).then(({ toast }) => {
    toast(notification);
  });

/** Show a notification on the next page, for an action that ends by navigating away. */
export function toastAfterNavigation(notification: Toast): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(notification));
  } catch {
    void showNow(notification);
  }
}

/**
 * Show the notification the previous page left, if any (every page runs this once). The
 * notices' code is loaded only when there is one: most visits never see one, and it was a
 * third of a public page's script.
 */
export function showPendingToast(): void {
  let pending: string | null;
  try {
    pending = sessionStorage.getItem(PENDING_TOAST_KEY);
    if (!pending) return;
    sessionStorage.removeItem(PENDING_TOAST_KEY);
  } catch {
    // Storage unavailable: there is nothing to show.
    return;
  }
  Promise.resolve()
    .then(() => showNow(JSON.parse(pending) as Toast))
    .catch(() => {
      // An unreadable entry, or the code not loaded: the notice is only lost.
    });
}
