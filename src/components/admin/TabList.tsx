import type { KeyboardEvent } from "react";

interface Tab<T extends string> {
  id: T;
  label: string;
}

interface TabListProps<T extends string> {
  /** Prefix of the tabs' and panels' ids: tab `${idPrefix}-tab-${id}` controls panel `${idPrefix}-panel-${id}`. */
  idPrefix: string;
  label: string;
  tabs: readonly Tab<T>[];
  current: T;
  onSelect: (id: T) => void;
  className?: string;
}

/**
 * A row of tabs as the ARIA tabs pattern has it: one tab in the Tab order, arrows move to
 * the next or previous tab and select it. The arrows are the tab list's alone, so an
 * editor's own arrow keys (nudging a selection) never see them.
 */
export function TabList<T extends string>({ idPrefix, label, tabs, current, onSelect, className }: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.stopPropagation();
    const at = tabs.findIndex((tab) => tab.id === current);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    document.getElementById(`${idPrefix}-tab-${next.id}`)?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={`${idPrefix}-tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={current === tab.id}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          tabIndex={current === tab.id ? 0 : -1}
          onKeyDown={onKeyDown}
          onClick={() => {
            onSelect(tab.id);
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
