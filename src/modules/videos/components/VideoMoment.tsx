import { SnippetText } from "@/components/ui/SnippetText";
import { videoPath } from "@/lib/paths";
import { clockTime, fragmentFor } from "../media-time";
import type { Moment } from "../moment";

/** Where a found video's transcript says the search's words: the time, linking there (the page seeks to it), and the line. */
export function VideoMoment({ slug, moment }: { slug: string; moment: Moment }) {
  return (
    <p className="card__excerpt card__moment">
      <a href={`${videoPath(slug)}${fragmentFor(moment.start)}`}>{`Said at ${clockTime(moment.start)}`}</a>
      {": “"}
      <SnippetText snippet={moment.snippet} />
      {"”"}
    </p>
  );
}
