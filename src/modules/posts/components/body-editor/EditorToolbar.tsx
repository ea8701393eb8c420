import { useRef, useState, type KeyboardEvent } from "react";
import type { EditorAction } from "../../editing/actions";
import { ariaShortcut, shortcutText } from "../../editing/shortcuts";

// Cmd on a Mac, Ctrl elsewhere, as CodeMirror reads `Mod`.
const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => (at === last ? 0 : at + 1),
  ArrowLeft: (at, last) => (at === 0 ? last : at - 1),
  Home: () => 0,
  End: (_at, last) => last,
};

/**
 * The Markdown editor's toolbar: one Tab stop, the arrow keys moving along it (the ARIA
 * toolbar pattern), each button named, with its shortcut in its tooltip and in
 * `aria-keyshortcuts`.
 */
export function EditorToolbar({
  actions,
  label,
  onAction,
}: {
  actions: readonly EditorAction[];
  /** What the toolbar is for, as its name. */
  label: string;
  onAction: (action: EditorAction) => void;
}) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(current, actions.length - 1);
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className="body-editor__toolbar" role="toolbar" aria-label={label} onKeyDown={move}>
      {actions.map((action, index) => {
        const shortcut = action.key;
        return (
          <button
            key={action.label}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            className={`button button--quiet body-editor__tool body-editor__tool--${action.label.toLowerCase()}`}
            tabIndex={index === current ? 0 : -1}
            aria-label={action.label}
            aria-keyshortcuts={shortcut && ariaShortcut(shortcut, MAC)}
            data-tip={shortcut ? `${action.label} (${shortcutText(shortcut, MAC)})` : action.label}
            onFocus={() => {
              setCurrent(index);
            }}
            onClick={() => {
              onAction(action);
            }}
          >
            {action.text}
          </button>
        );
      })}
    </div>
  );
}
