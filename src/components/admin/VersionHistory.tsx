import { useEffect, useRef, type ReactNode } from "react";
import "./version-history.css";

/** A button on an entry: Restore, Publish, Preview. */
export interface VersionCommand {
  label: string;
  onRun: () => void;
  disabled?: boolean;
  /** For a command that stays on until pressed again (Preview). */
  pressed?: boolean;
}

/** One saved version, as a kind of history words it. */
export interface VersionEntry<K extends string | number> {
  key: K;
  /** What it is called: "Version 3", a theme's name, "Saved". */
  title: ReactNode;
  /** When, by whom, how big. */
  meta: ReactNode;
  /** The version visitors see now: marked Live, and the list's current item. */
  live?: boolean;
  /** A picture of the version, between its title and its meta. */
  picture?: ReactNode;
  /** The item's accessible name, where its text would not do. */
  label?: string;
  /** Read after each command's label, so that "Restore" says which: "version 3". */
  subject?: string;
  /** In order; a `false` is left out, so a command can be written down with its condition. */
  commands?: readonly (VersionCommand | false)[];
}

interface Props<K extends string | number> {
  /** Newest first. */
  entries: readonly VersionEntry<K>[];
  /** The screen's own class for the list, which sets its height and how its items are framed. */
  className: string;
  /** Pressing an entry chooses it (to compare it, say): each entry is one button, without commands. */
  choice?: { chosen: K | null; onChoose: (key: K) => void };
  /** The items take the focus from a script: the entry `key` takes it once listed, and `onFocused` is told. */
  focus?: { key: K | null; onFocused: () => void };
  /** A button after the list that loads older entries, while there are more. */
  older?: { label: string; onLoad: () => void; disabled?: boolean } | null;
  /** Said after the list when older entries could not be loaded. */
  olderFailure?: string | null;
}

function Commands({ commands, subject }: { commands: readonly (VersionCommand | false)[]; subject?: string }) {
  return (
    <p className="version-history__actions">
      {commands
        .filter((command) => command !== false)
        .map((command) => (
          <button
            key={command.label}
            className="button button--quiet version-history__command"
            type="button"
            disabled={command.disabled}
            aria-pressed={command.pressed}
            onClick={command.onRun}
          >
            {command.label}
            {subject !== undefined && <span className="visually-hidden"> {subject}</span>}
          </button>
        ))}
    </p>
  );
}

/**
 * A history of saved versions, newest first, for any kind of document: each entry says what
 * it is and when, and either carries its commands or is chosen as a whole. What the entries
 * are, and what their commands do, is the caller's.
 */
export function VersionHistory<K extends string | number>({
  entries,
  className,
  choice,
  focus,
  older,
  olderFailure,
}: Props<K>) {
  const list = useRef<HTMLOListElement>(null);
  const focusKey = focus?.key ?? null;
  useEffect(() => {
    if (focusKey === null) return;
    const index = entries.findIndex((entry) => entry.key === focusKey);
    const item = index < 0 ? null : list.current?.children.item(index);
    if (!(item instanceof HTMLElement)) return;
    focus?.onFocused();
    item.focus();
  }, [focusKey, entries, focus]);

  return (
    <>
      <ol ref={list} className={`version-history ${className}`}>
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="version-history__item"
            aria-current={entry.live ? "true" : undefined}
            aria-label={entry.label}
            tabIndex={focus ? -1 : undefined}
          >
            {choice ? (
              <button
                type="button"
                className="version-history__entry"
                aria-pressed={choice.chosen === entry.key}
                onClick={() => {
                  choice.onChoose(entry.key);
                }}
              >
                <strong>{entry.title}</strong>
                {entry.live && <span className="badge version-history__live">Live</span>} {entry.meta}
              </button>
            ) : (
              <>
                <p className="version-history__title">
                  {entry.title}
                  {entry.live && <span className="badge version-history__live">Live</span>}
                </p>
                {entry.picture}
                <p className="version-history__meta">{entry.meta}</p>
                {entry.commands && <Commands commands={entry.commands} subject={entry.subject} />}
              </>
            )}
          </li>
        ))}
      </ol>
      {olderFailure && (
        <p className="version-history__note" role="alert">
          {olderFailure}
        </p>
      )}
      {older && (
        <button
          className="button button--quiet version-history__command version-history__more"
          type="button"
          disabled={older.disabled}
          onClick={older.onLoad}
        >
          {older.label}
        </button>
      )}
    </>
  );
}
