import { SnippetText } from "@/components/ui/SnippetText";
import { formatDuration } from "@/lib/format";
import type { Moment } from "../moment";

/**
 * Where a found video's transcript says the search's words: the time, as the card's duration
 * is written, linking there on the video's page `href` (which seeks to it), and the line. The
 * address is spelled here as `fragmentFor` spells it: importing media-time gave the listings'
 * islands a chunk of their own, over the archive's JavaScript budget.
 */
export function VideoMoment({ href, moment: { start, snippet } }: { href: string; moment: Moment }) {
  return (
    <p className="card__moment">
      <a href={`${href}#t=${start}`}>Said at {formatDuration(start)}</a>
      {": "}
      <SnippetText snippet={snippet} />
    </p>
  );
}
