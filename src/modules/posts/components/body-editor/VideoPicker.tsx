import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { InnerDialog } from "@/components/admin/InnerDialog";
import { formatDuration } from "@/lib/format";
import { useSettledValue } from "@/lib/use-settled-value";

/** What the picker shows of a video: a card's fields. */
interface VideoChoice {
  slug: string;
  title: string;
  thumbnailUrl: string;
  duration: number;
}

const SEARCH_WAIT_MS = 250;

/** The published videos a term finds (the newest, with none), as cards. */
const choicesKey = (term: string): string =>
  term
    ? `/api/videos/search?${new URLSearchParams({ q: term, view: "card" }).toString()}`
    : "/api/videos?view=card&limit=20";

/**
 * Picks one of the site's published videos to embed: the newest, or those a search finds.
 * Enter takes the first found. `onDone` hears its slug, or null when the owner cancels.
 */
export function VideoPicker({
  onDone,
  onClosed,
}: {
  onDone: (slug: string | null) => void;
  /** It has closed: the focus may go back to the text. */
  onClosed: () => void;
}) {
  const id = useId();
  const [term, setTerm] = useState("");
  const wanted = useSettledValue(term.trim(), SEARCH_WAIT_MS);
  const found = useQuery<VideoChoice[]>({ queryKey: [choicesKey(wanted)], placeholderData: keepPreviousData });
  const videos = found.data ?? [];
  const cancel = () => {
    onDone(null);
  };
  return (
    <InnerDialog
      title="Embed a video"
      onCancel={cancel}
      onClosed={onClosed}
      onSubmit={() => {
        if (videos[0]) onDone(videos[0].slug);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-search`}>Search videos</label>
        <input
          id={`${id}-search`}
          type="search"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
          }}
        />
      </div>
      {found.isPending ? (
        <p role="status">Loading videos...</p>
      ) : found.isError ? (
        <p role="alert">The videos could not be loaded.</p>
      ) : videos.length === 0 ? (
        <p role="status">No published video matches.</p>
      ) : (
        <ul className="inner-dialog__choices" aria-label="Videos">
          {videos.map((video) => (
            <li key={video.slug}>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => {
                  onDone(video.slug);
                }}
              >
                <img src={video.thumbnailUrl} alt="" width={80} height={45} />
                <span>{video.title}</span>
                <span className="meta">{formatDuration(video.duration)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </InnerDialog>
  );
}
