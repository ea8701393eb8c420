import { countOf } from "@/lib/format";
import { BACKUPS_FOLDER } from "@/modules/uploads/upload-keys";

/** What the data screen says when "Download everything" came back to it (`?download=`). */
export const DOWNLOAD_MESSAGES: Readonly<Record<string, string>> = {
  busy: "An archive is being made already. Try again once it has downloaded.",
  unanswered: "Say whether to include personal data, then download.",
  failed: "The archive could not be made. The site's log says why.",
};

/**
 * Where backups are kept, as the owner would look for them.
 * @example backupsPlace(undefined) // "DATA_DIR/backups"
 */
export const backupsPlace = (bucket: string | undefined): string =>
  bucket ? `s3://${bucket}/${BACKUPS_FOLDER}/` : `DATA_DIR/${BACKUPS_FOLDER}`;

/**
 * What a backup holds, in words, from its manifest's row counts.
 * @example contentsText({ posts: 12, videos: 1, newsletter_subscribers: 40 }) // "12 posts, 1 video, 40 readers"
 */
export function contentsText(tables: Record<string, number>): string {
  return [
    countOf(tables.posts ?? 0, "post"),
    countOf(tables.videos ?? 0, "video"),
    countOf(tables.newsletter_subscribers ?? 0, "reader"),
  ].join(", ");
}
