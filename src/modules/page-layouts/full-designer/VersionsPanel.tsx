import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { useState } from "react";
import { VersionHistory, type VersionEntry } from "@/components/admin/VersionHistory";
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

/** The first version of the page at `index` in the list, newest first, once that page is in. */
function firstOfPage(pages: HistoryPage[], index: number, newestFirst: LayoutVersionJson[]): number | null {
  if (pages.length <= index) return null;
  const before = pages.slice(0, index).reduce((count, page) => count + page.items.length, 0);
  return newestFirst[before]?.id ?? null;
}

function History({ layoutId, busy, onRestore, onPublish }: Props & { layoutId: number }) {
  const versions = useInfiniteQuery<HistoryPage, Error, InfiniteData<HistoryPage>, string[], number | undefined>({
    queryKey: [versionsKey(layoutId)],
    queryFn: ({ pageParam, signal }) => fetchVersions(layoutId, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: olderThan,
  });
  // The page "Show older versions" asked for, until its first version takes the focus (the button goes once the oldest is in).
  const [focusPage, setFocusPage] = useState<number | null>(null);
  // The version a restore made, which takes the focus once the list shows it.
  const [focusVersion, setFocusVersion] = useState<number | null>(null);

  if (versions.isPending) return <p className="designer-panel__empty">Loading versions...</p>;
  if (!versions.data || (versions.isError && !versions.isFetchNextPageError)) {
    return (
      <p className="designer-panel__empty" role="alert">
        The versions could not be loaded: {readableError(versions.error, "the server did not answer")}.
      </p>
    );
  }
  const { pages } = versions.data;
  // Newest first, whatever order they came in.
  const newestFirst = pages.flatMap((page) => page.items).toSorted((a, b) => b.versionNumber - a.versionNumber);
  const restore = async (version: LayoutVersionJson, publish: boolean) => {
    const layout = await onRestore(version, publish);
    if (layout) setFocusVersion(layout.versionId);
  };
  const entryOf = (version: LayoutVersionJson): VersionEntry<number> => ({
    key: version.id,
    title: <span className="designer-versions__number">Version {version.versionNumber}</span>,
    live: version.published,
    label: `Version ${version.versionNumber}${version.published ? ", live" : ""}`,
    picture: <LayoutThumbnail elements={version.elements} />,
    meta: `${version.changeDescription ?? "No description"} · ${formatDate(version.createdAt)}, ${time.format(new Date(version.createdAt))} UTC`,
    subject: `version ${version.versionNumber}`,
    commands: [
      { label: "Restore", disabled: busy, onRun: () => void restore(version, false) },
      !version.published && { label: "Restore and publish", disabled: busy, onRun: () => void restore(version, true) },
      !version.published && {
        label: "Publish",
        disabled: busy,
        onRun: () => {
          onPublish(version);
        },
      },
    ],
  });
  return (
    <VersionHistory
      className="designer-versions"
      entries={newestFirst.map(entryOf)}
      focus={{
        key: focusVersion ?? (focusPage === null ? null : firstOfPage(pages, focusPage, newestFirst)),
        onFocused: () => {
          if (focusVersion === null) setFocusPage(null);
          else setFocusVersion(null);
        },
      }}
      olderFailure={
        versions.isFetchNextPageError
          ? `The older versions could not be loaded: ${readableError(versions.error, "the server did not answer")}.`
          : null
      }
      older={
        versions.hasNextPage
          ? {
              label: versions.isFetchingNextPage ? "Loading older versions..." : "Show older versions",
              onLoad: () => {
                setFocusPage(pages.length);
                // A second press while the page is on its way waits for it rather than asking again.
                void versions.fetchNextPage({ cancelRefetch: false });
              },
            }
          : null
      }
    />
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
