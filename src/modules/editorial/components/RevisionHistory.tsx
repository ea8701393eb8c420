import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { VersionHistory } from "@/components/admin/VersionHistory";
import { apiRequest, readableError } from "@/lib/api-request";
import { whenText } from "@/lib/format";
import { toast } from "@/lib/toast";
import { asRecord, type RevisionJson, type RevisionWithDocumentJson } from "../revision-json";
import { revisionWords } from "../revision-words";
import { fieldDiffs, type DiffField, type DiffPart } from "../word-diff";

interface Props {
  /** The item's address in the API: `/api/posts/12`. */
  itemUrl: string;
  /** The text fields compared, in order, with what the form calls them. */
  fields: readonly DiffField[];
  /** The item as saved now, which a restore would change. */
  current: Readonly<Record<string, unknown>>;
  onRestored: (item: unknown) => void;
}

function Words({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="history__words">
      {parts.map((part, index) =>
        part.kind === "added" ? (
          <ins key={index}>{part.text}</ins>
        ) : part.kind === "removed" ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One older version against the saved one, word by word, and the button that brings it back. */
function Comparison(props: { revision: RevisionWithDocumentJson } & Props) {
  const { revision, itemUrl, fields, current, onRestored } = props;
  const diffs = fieldDiffs(fields, current, asRecord(revision.document));
  const restore = useMutation({
    mutationFn: () => apiRequest("POST", `${itemUrl}/revisions/${String(revision.id)}/restore`),
    onSuccess: (item) => {
      toast({ title: "Version Restored", description: `The version from ${whenText(revision.createdAt)} is back.` });
      onRestored(item);
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: readableError(error, "Failed to restore this version."),
        variant: "destructive",
      });
    },
  });
  return (
    <section className="history__comparison" aria-label={`The version from ${whenText(revision.createdAt)}`}>
      {diffs.length === 0 ? (
        <p>The same words as the saved version.</p>
      ) : (
        <>
          <p className="meta">
            Restoring it takes out <del>struck words</del> and brings back <ins>underlined ones</ins>.
          </p>
          {diffs.map((diff) => (
            <div key={diff.label}>
              <h3>{diff.label}</h3>
              <Words parts={diff.parts} />
            </div>
          ))}
        </>
      )}
      <button
        type="button"
        className="button"
        disabled={restore.isPending}
        onClick={() => {
          const question =
            "Restore this version? Anything typed since the last save is replaced; the saved version stays in the history.";
          if (window.confirm(question)) restore.mutate();
        }}
      >
        Restore this version
      </button>
    </section>
  );
}

/** The newest save, what a published item shows its visitors: the list is newest first. */
const liveRevision = (entries: readonly RevisionJson[]): number | undefined =>
  entries.find((entry) => entry.reason !== "autosave")?.id;

/**
 * An item's saved versions, newest first, read when opened: pick one to see how it differs
 * from the saved text, word by word, and restore it. A restore is a new save; nothing in
 * the history is rewritten.
 */
export function RevisionHistory(props: Props) {
  const { itemUrl, current } = props;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = useQuery<RevisionJson[]>({ queryKey: [`${itemUrl}/revisions`], enabled: open, staleTime: 0 });
  const revision = useQuery<RevisionWithDocumentJson>({
    queryKey: [`${itemUrl}/revisions/${String(chosen)}`],
    enabled: chosen !== null,
  });
  return (
    <details
      className="item-tool"
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
    >
      <summary>History</summary>
      {!open ? null : list.isPending ? (
        <p role="status">Loading history...</p>
      ) : list.isError ? (
        <p>The history could not be loaded.</p>
      ) : (
        <VersionHistory
          className="history__list"
          entries={list.data.map((entry) => ({
            key: entry.id,
            title: revisionWords(entry),
            // Visitors read the newest save of a published item; an autosave is never shown to them.
            live: current.status === "published" && entry.id === liveRevision(list.data),
            meta: (
              <>
                <time dateTime={entry.createdAt}>{whenText(entry.createdAt)}</time>
                {entry.author && <span className="history__author"> by {entry.author}</span>}
              </>
            ),
          }))}
          choice={{ chosen, onChoose: setChosen }}
        />
      )}
      {chosen !== null &&
        (revision.data ? (
          <Comparison key={chosen} revision={revision.data} {...props} />
        ) : (
          <p role="status">Loading that version...</p>
        ))}
    </details>
  );
}
