import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { readableError } from "@/lib/api-request";
import { formatDate } from "@/lib/format";
import type { Page } from "@/lib/paging";
import LayoutThumbnail from "../components/LayoutThumbnail";
import { versionsKey } from "../keys";
import { fetchVersions } from "../layout-client";
import type { LayoutJson, LayoutVersionJson } from "../layout-json";

interface Props {
  /** The layout's id, or null before its first save. */
  layoutId: number | null;
  busy: boolean;
  /** Brings the version back as the newest one (and, asked to, makes it live); resolves to the layout, or null when it failed. */
  onRestore: (version: LayoutVersionJson, publish: boolean) => Promise<LayoutJson | null>;
  onPublish: (version: LayoutVersionJson) => void;
}

type HistoryPage = Page<LayoutVersionJson>;

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** The `before` of the page after the ones loaded, while the history holds more than they do. */
function olderThan(last: HistoryPage, pages: HistoryPage[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return loaded < last.total ? last.items.at(-1)?.versionNumber : undefined;
}

function History({ layoutId, busy, onRestore, onPublish }: Props & { layoutId: number }) {
  const versions = useInfiniteQuery<HistoryPage, Error, InfiniteData<HistoryPage>, string[], number | undefined>({
    queryKey: [versionsKey(layoutId)],
    queryFn: ({ pageParam, signal }) => fetchVersions(layoutId, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: olderThan,
  });
  const list = useRef<HTMLOListElement>(null);
  // The page "Show older versions" asked for, until it is shown.
  const [focusPage, setFocusPage] = useState<number | null>(null);
  // The version a restore made, which takes the focus once the list shows it.
  const [focusVersion, setFocusVersion] = useState<number | null>(null);
  const pages = versions.data?.pages;
  useEffect(() => {
    if (focusVersion === null) return;
    const item = list.current?.querySelector(`[data-version-id="${focusVersion}"]`);
    if (!(item instanceof HTMLElement)) return;
    setFocusVersion(null);
    item.focus();
  }, [focusVersion, pages]);
  const restore = async (version: LayoutVersionJson, publish: boolean) => {
    const layout = await onRestore(version, publish);
    if (layout) setFocusVersion(layout.versionId);
  };
  useEffect(() => {
    if (focusPage === null || !pages || pages.length <= focusPage) return;
    setFocusPage(null);
    // The button goes once the oldest version is in, so the first version it loaded takes the focus.
    const first = pages.slice(0, focusPage).reduce((count, page) => count + page.items.length, 0);
    const item = list.current?.children.item(first);
    if (item instanceof HTMLElement) item.focus();
  }, [focusPage, pages]);

  if (versions.isPending) return <p className="designer-panel__empty">Loading versions...</p>;
  if (!versions.data || (versions.isError && !versions.isFetchNextPageError)) {
    return (
      <p className="designer-panel__empty" role="alert">
        The versions could not be loaded: {readableError(versions.error, "the server did not answer")}.
      </p>
    );
  }
  // Newest first, whatever order they came in.
  const newestFirst = versions.data.pages
    .flatMap((page) => page.items)
    .toSorted((a, b) => b.versionNumber - a.versionNumber);
  const showOlder = () => {
    setFocusPage(versions.data.pages.length);
    // A second press while the page is on its way waits for it rather than asking again.
    void versions.fetchNextPage({ cancelRefetch: false });
  };
  return (
    <>
      <ol ref={list} className="designer-versions">
        {newestFirst.map((version) => (
          <li
            key={version.id}
            className="designer-versions__item"
            aria-current={version.published ? "true" : undefined}
            aria-label={`Version ${version.versionNumber}${version.published ? ", live" : ""}`}
            data-version-id={version.id}
            tabIndex={-1}
          >
            <p className="designer-versions__title">
              <span className="designer-versions__number">Version {version.versionNumber}</span>
              {version.published && <span className="badge designer-versions__live">Live</span>}
            </p>
            <LayoutThumbnail elements={version.elements} />
            <p className="designer-versions__meta">
              {version.changeDescription ?? "No description"} · {formatDate(version.createdAt)},{" "}
              {time.format(new Date(version.createdAt))} UTC
            </p>
            <p className="designer-versions__actions">
              <button
                className="button button--quiet designer-button"
                type="button"
                disabled={busy}
                onClick={() => void restore(version, false)}
              >
                Restore<span className="visually-hidden"> version {version.versionNumber}</span>
              </button>
              {!version.published && (
                <button
                  className="button button--quiet designer-button"
                  type="button"
                  disabled={busy}
                  onClick={() => void restore(version, true)}
                >
                  Restore and publish<span className="visually-hidden"> version {version.versionNumber}</span>
                </button>
              )}
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
      {versions.isFetchNextPageError && (
        <p className="designer-panel__empty" role="alert">
          The older versions could not be loaded: {readableError(versions.error, "the server did not answer")}.
        </p>
      )}
      {versions.hasNextPage && (
        <button
          className="button button--quiet designer-button designer-versions__more"
          type="button"
          onClick={showOlder}
        >
          {versions.isFetchingNextPage ? "Loading older versions..." : "Show older versions"}
        </button>
      )}
    </>
  );
}

/**
 * The layout's saved versions, newest first, each drawn as a thumbnail: each can be restored
 * to the canvas (and published with it), or made the one visitors see as it is.
 */
export default function VersionsPanel(props: Props) {
  if (props.layoutId === null) {
    return <p className="designer-panel__empty">No versions yet: the first save starts the history.</p>;
  }
  return <History {...props} layoutId={props.layoutId} />;
}

/** The history as a region of its own that a toolbar button shows and hides. */
export function VersionsSection({
  id,
  title,
  className,
  open,
  ...panel
}: Props & { id: string; title: string; className: string; open: boolean }) {
  return (
    <section id={id} className={className} aria-labelledby={`${id}-title`} hidden={!open}>
      <h2 id={`${id}-title`}>{title}</h2>
      {open && <VersionsPanel {...panel} />}
    </section>
  );
}
