// A shortcut is written as CodeMirror names it ("Mod-Shift-b": Mod is Cmd on a Mac, Ctrl
// elsewhere); these say it as the owner's keyboard and a screen reader name it.

const parts = (key: string) => {
  const names = key.split("-");
  const last = names.pop() ?? "";
  return { modifiers: names, key: last.length === 1 ? last.toUpperCase() : last };
};

const MAC_SIGNS: Record<string, string> = { Mod: "⌘", Shift: "⇧", Alt: "⌥", Ctrl: "⌃" };
const PC_NAMES: Record<string, string> = { Mod: "Ctrl", Shift: "Shift", Alt: "Alt", Ctrl: "Ctrl" };

/**
 * A shortcut as a tooltip shows it.
 * @example shortcutText("Mod-Shift-b", false) // "Ctrl+Shift+B"
 * @example shortcutText("Mod-Shift-b", true) // "⌘⇧B"
 */
export function shortcutText(shortcut: string, mac: boolean): string {
  const { modifiers, key } = parts(shortcut);
  if (mac) return modifiers.map((m) => MAC_SIGNS[m] ?? m).join("") + key;
  return [...modifiers.map((m) => PC_NAMES[m] ?? m), key].join("+");
}

/**
 * A shortcut as `aria-keyshortcuts` names it (modifiers by their KeyboardEvent names).
 * @example ariaShortcut("Mod-b", false) // "Control+B"
 */
export function ariaShortcut(shortcut: string, mac: boolean): string {
  const { modifiers, key } = parts(shortcut);
  const names: Record<string, string> = { Mod: mac ? "Meta" : "Control", Ctrl: "Control", Shift: "Shift", Alt: "Alt" };
  return [...modifiers.map((m) => names[m] ?? m), key].join("+");
}
