import { useQuery } from "@tanstack/react-query";
import { readableError } from "@/lib/api-request";
import { formatDate } from "@/lib/format";
import { versionsKey } from "../keys";
import { fetchVersions } from "../layout-client";
import type { LayoutVersionJson } from "../layout-json";

interface Props {
  /** The layout's id, or null before its first save. */
  layoutId: number | null;
  busy: boolean;
  onRestore: (version: LayoutVersionJson) => void;
  onPublish: (version: LayoutVersionJson) => void;
}

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

function History({ layoutId, busy, onRestore, onPublish }: Props & { layoutId: number }) {
  const versions = useQuery({
    queryKey: [versionsKey(layoutId)],
    queryFn: ({ signal }) => fetchVersions(layoutId, signal),
  });
  if (versions.isPending) return <p className="designer-panel__empty">Loading versions...</p>;
  if (versions.isError) {
    return (
      <p className="designer-panel__empty" role="alert">
        The versions could not be loaded: {readableError(versions.error, "the server did not answer")}.
      </p>
    );
  }
  // Newest first, whatever order they came in.
  const newestFirst = versions.data.toSorted((a, b) => b.versionNumber - a.versionNumber);
  return (
    <ol className="designer-versions">
      {newestFirst.map((version) => (
        <li key={version.id} className="designer-versions__item" aria-current={version.published ? "true" : undefined}>
          <p className="designer-versions__title">
            <span className="designer-versions__number">Version {version.versionNumber}</span>
            {version.published && <span className="badge designer-versions__live">Live</span>}
          </p>
          <p className="designer-versions__meta">
            {version.changeDescription ?? "No description"} · {formatDate(version.createdAt)},{" "}
            {time.format(new Date(version.createdAt))} UTC
          </p>
          <p className="designer-versions__actions">
            <button
              className="button button--quiet designer-button"
              type="button"
              disabled={busy}
              onClick={() => {
                onRestore(version);
              }}
            >
              Restore<span className="visually-hidden"> version {version.versionNumber}</span>
            </button>
            {!version.published && (
              <button
                className="button button--quiet designer-button"
                type="button"
                disabled={busy}
                onClick={() => {
                  onPublish(version);
                }}
              >
                Publish<span className="visually-hidden"> version {version.versionNumber}</span>
              </button>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The layout's saved versions, newest first: each can be restored to the canvas or made the one visitors see. */
export default function VersionsPanel(props: Props) {
  if (props.layoutId === null) {
    return <p className="designer-panel__empty">No versions yet: the first save starts the history.</p>;
  }
  return <History {...props} layoutId={props.layoutId} />;
}
