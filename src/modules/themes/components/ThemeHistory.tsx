import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { VersionHistory, type VersionEntry } from "@/components/admin/VersionHistory";
import { apiRequest } from "@/lib/api-request";
import { formatDate } from "@/lib/format";
import { revisionsKey } from "../keys";
import { REVISIONS_PAGE } from "../schema";
import type { RevisionJson, ThemeJson } from "../serialize";

interface Props {
  current: ThemeJson;
  busy: boolean;
  /** The revision whose look the preview shows, if any. */
  previewing: number | null;
  onPreview: (revision: RevisionJson) => void;
  onRestore: (revision: RevisionJson) => void;
  onReset: () => void;
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The Current Theme card, Reset to Default, and every earlier look, each one restorable. */
export default function ThemeHistory({ current, busy, previewing, onPreview, onRestore, onReset }: Props) {
  const id = useId();
  const confirm = useRef<HTMLDialogElement>(null);
  const [olderPages, setOlderPages] = useState<RevisionJson[][]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const newest = useQuery<RevisionJson[]>({ queryKey: [revisionsKey] });
  const revisions = [...(newest.data ?? []), ...olderPages.flat()];
  const lastPage = olderPages.at(-1) ?? newest.data ?? [];

  // Each revision can be worn by the preview, and any but the live one made live again.
  const entryOf = (revision: RevisionJson): VersionEntry<number> => ({
    key: revision.id,
    title: revision.name,
    live: revision.isActive,
    meta: `${when.format(new Date(revision.createdAt))} · ${revision.author ?? "shipped with the site"} · ${size(revision.sizeBytes)}`,
    subject: revision.name,
    commands: [
      {
        label: "Preview",
        pressed: previewing === revision.id,
        onRun: () => {
          onPreview(revision);
        },
      },
      !revision.isActive && {
        label: "Restore",
        disabled: busy,
        onRun: () => {
          onRestore(revision);
        },
      },
    ],
  });

  const loadOlder = async () => {
    const last = revisions.at(-1);
    if (!last) return;
    setLoadingOlder(true);
    try {
      const older = await apiRequest<RevisionJson[]>("GET", `${revisionsKey}?before=${last.id}`);
      setOlderPages([...olderPages, older]);
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <div className="theme-history">
      <section className="card theme-card" aria-labelledby={`${id}-current`}>
        <h2 id={`${id}-current`}>Current Theme</h2>
        <p className="theme-card__name">{current.name}</p>
        <p className="theme-card__meta">Last modified {formatDate(current.updatedAt)}</p>
        <button
          className="button button--quiet"
          type="button"
          disabled={busy}
          onClick={() => confirm.current?.showModal()}
        >
          Reset to Default
        </button>
        <dialog ref={confirm} className="confirm-dialog" aria-labelledby={`${id}-confirm`}>
          <form method="dialog">
            <h2 id={`${id}-confirm`}>Reset to the default theme?</h2>
            <p>The site goes back to the grey theme it shipped with. The current theme stays in the history below.</p>
            <div className="confirm-dialog__actions">
              <button className="button button--quiet" value="cancel" autoFocus>
                Cancel
              </button>
              <button
                className="button"
                value="reset"
                onClick={() => {
                  onReset();
                }}
              >
                Reset to Default
              </button>
            </div>
          </form>
        </dialog>
      </section>

      <section className="card theme-card" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>History</h2>
        {newest.isPending ? (
          <p className="theme-card__meta">Loading...</p>
        ) : (
          <VersionHistory
            className="revisions"
            entries={revisions.map(entryOf)}
            older={
              lastPage.length === REVISIONS_PAGE
                ? { label: "Older revisions", disabled: loadingOlder, onLoad: () => void loadOlder() }
                : null
            }
          />
        )}
      </section>

      <section className="card theme-card" aria-labelledby={`${id}-tips`}>
        <h2 id={`${id}-tips`}>Tips</h2>
        <ul className="theme-tips">
          <li>Colours, fonts and sizes are custom properties: change one and every page follows.</li>
          <li>The preview wears your draft as you type; visitors see it only once you save.</li>
          <li>Images and fonts must be files on this site (a path starting with /) or data:image URIs.</li>
          <li>Every save is kept. Restore any earlier look from the history.</li>
          <li>
            Locked out by a theme? Open any page with <code>?safe-theme=1</code>: it wears the default theme.
          </li>
        </ul>
      </section>
    </div>
  );
}
