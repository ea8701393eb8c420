// Notifications (SPEC §4, §9): queued, one visible at a time, 5 s each, dismissed by its
// button, by a swipe right of 50 px, or with Escape; F8 moves focus to it. Plain DOM, so
// islands and small scripts share one queue without a framework.

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /**
   * What the notice is about, while it lasts: once aborted (the dialog it came from has
   * closed), the notice leaves the queue, or the screen, so what happens next shows at once.
   */
  scope?: AbortSignal;
}

const DURATION_MS = 5000;
const SWIPE_PX = 50;

const queue: Toast[] = [];
let showing = false;
let region: HTMLElement | undefined;

function ensureRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement("section");
  region.className = "toasts";
  region.setAttribute("aria-label", "Notifications (F8)");
  region.tabIndex = -1;
  document.body.append(region);
  document.addEventListener("keydown", (event) => {
    if (event.key === "F8") region?.focus();
  });
  // "close" does not bubble, but capture listeners still see it.
  document.addEventListener(
    "close",
    () => {
      queueMicrotask(rehome);
    },
    true,
  );
  return region;
}

function showNext(): void {
  // A scope aborting dismisses the notice on screen before the queue hears of it.
  let next = queue.shift();
  while (next?.scope?.aborted) next = queue.shift();
  if (!next) {
    showing = false;
    return;
  }
  showing = true;
  const host = ensureRegion();
  const item = document.createElement("div");
  item.className = `toast${next.variant === "destructive" ? " toast--destructive" : ""}`;
  // Failures interrupt (alert); everything else waits its turn (status).
  item.setAttribute("role", next.variant === "destructive" ? "alert" : "status");
  const title = document.createElement("p");
  title.className = "toast__title";
  title.textContent = next.title;
  item.append(title);
  if (next.description) {
    const text = document.createElement("p");
    text.className = "toast__description";
    text.textContent = next.description;
    item.append(text);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast__close";
  close.setAttribute("aria-label", "Dismiss notification");
  close.textContent = "×";
  item.append(close);

  let done = false;
  const dismiss = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    next.scope?.removeEventListener("abort", dismiss);
    item.remove();
    showNext();
  };
  next.scope?.addEventListener("abort", dismiss, { once: true });
  const timer = setTimeout(dismiss, DURATION_MS);
  close.addEventListener("click", dismiss);
  item.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  let startX: number | undefined;
  item.addEventListener("pointerdown", (event) => (startX = event.clientX));
  item.addEventListener("pointerup", (event) => {
    if (startX !== undefined && event.clientX - startX > SWIPE_PX) dismiss();
    startX = undefined;
  });
  host.append(item);
  rehome();
}

/**
 * A modal <dialog> (the post editor) makes the rest of the page inert, so notifications
 * live inside the topmost open one, and go back to the page when it closes.
 */
function rehome(): void {
  if (!region) return;
  const modal = [...document.querySelectorAll("dialog")].findLast((d) => d.open && d.matches(":modal"));
  const parent = modal ?? document.body;
  if (region.parentElement !== parent) parent.append(region);
}

/** Queue a notification; it shows when those before it have gone. */
export function toast(notification: Toast): void {
  const { scope } = notification;
  if (scope?.aborted) return;
  queue.push(notification);
  scope?.addEventListener(
    "abort",
    () => {
      const waiting = queue.indexOf(notification);
      if (waiting !== -1) queue.splice(waiting, 1);
    },
    { once: true },
  );
  if (!showing) showNext();
}
