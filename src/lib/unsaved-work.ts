// Work typed into an editor and not yet saved. Every editor marks itself while it holds
// some, and one guard serves them all: closing an editor, leaving the page or signing out
// asks first. Plain DOM, so the header's sign-out can ask without bringing React along.

const holders = new Set<symbol>();

export const DISCARD_QUESTION = "You have unsaved changes. Discard them?";

// The browser asks its own question on leaving; a cancelled event is what makes it ask.
const askOnLeave = (event: BeforeUnloadEvent) => {
  event.preventDefault();
};

function listen(): void {
  if (holders.size > 0) window.addEventListener("beforeunload", askOnLeave);
  else window.removeEventListener("beforeunload", askOnLeave);
}

/** Mark `holder` as holding unsaved work, or no longer. */
export function holdUnsavedWork(holder: symbol, unsaved: boolean): void {
  if (unsaved) holders.add(holder);
  else holders.delete(holder);
  listen();
}

/**
 * Whether what is about to happen may throw unsaved work away: yes when there is none, or
 * when the owner says so, after which nothing asks again for the same work.
 */
export function mayDiscardUnsavedWork(): boolean {
  if (holders.size === 0) return true;
  if (!window.confirm(DISCARD_QUESTION)) return false;
  holders.clear();
  listen();
  return true;
}
