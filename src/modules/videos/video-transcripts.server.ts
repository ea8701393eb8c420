import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { captionsBeside } from "@/modules/uploads/captions";
import { captionsFor } from "@/modules/uploads/captions.server";
import { tag } from "@/modules/publishing/content-tags";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import { transcriptFor } from "./transcript.server";
import type { Cue } from "./transcript";

const { videos } = tables;

/** Where a video's captions are: the file uploaded with it, or one stored beside its video. */
type CaptionedVideo = { videoUrl: string; captionsUrl: string | null };

/** Videos whose transcripts one sweep reads at most, so one run never holds many files in memory. */
const SWEEP_BATCH = 50;

/**
 * What the video's captions say, read from the object store: their cues, empty when it has
 * none; null when the store could not be read, so the transcripts job tries again later (a
 * warning, not an error: nothing is lost, and a save goes through meanwhile).
 */
export async function readTranscript(video: CaptionedVideo): Promise<Cue[] | null> {
  try {
    return (await transcriptFor(await captionsFor(video))) ?? [];
  } catch (error) {
    console.warn("A video's captions could not be read; the transcripts job will try again:", error);
    return null;
  }
}

/**
 * Keep what video `id`'s captions say on its row, for search: written with every save, as the
 * captions may have changed. Captions the video names are read now. Without, captions stored
 * beside its file (as the sample content has) may say something: the row is left unread for
 * the transcripts job, so a save reads the object store only for captions it names.
 */
export async function storeTranscript(db: Db, id: number): Promise<void> {
  const [video] = await db
    .select({ videoUrl: videos.videoUrl, captionsUrl: videos.captionsUrl })
    .from(videos)
    .where(eq(videos.id, id));
  if (!video) return;
  const transcript = video.captionsUrl ? await readTranscript(video) : captionsBeside(video.videoUrl) ? null : [];
  await db.update(videos).set({ transcript }).where(eq(videos.id, id));
}

/**
 * Read the captions of every video whose transcript is unread (from before transcripts were
 * kept, restored from an archive, or saved while the store could not be read), and tell the
 * search index when any changed. Returns how many were read.
 */
export async function fillTranscripts(db: Db): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const unread = await db
      .select({ id: videos.id, videoUrl: videos.videoUrl, captionsUrl: videos.captionsUrl })
      .from(videos)
      .where(and(isNull(videos.transcript), gt(videos.id, after)))
      .orderBy(videos.id)
      .limit(SWEEP_BATCH);
    for (const video of unread) {
      const transcript = await readTranscript(video);
      if (transcript === null) continue;
      // Only a row still unread: a save meanwhile read newer captions.
      const written = await db
        .update(videos)
        .set({ transcript })
        .where(and(eq(videos.id, video.id), isNull(videos.transcript)))
        .returning({ id: videos.id });
      filled += written.length;
    }
    after = unread.at(-1)?.id ?? after;
    if (unread.length < SWEEP_BATCH) break;
  }
  // The search index is rebuilt on a change to the videos; no page shows a transcript from the row.
  if (filled > 0) await sitePublisher().publish({ tags: [tag.videos] });
  return filled;
}

/** What every video whose captions were read and say something says, by id: for the search index, which holds them all. */
export async function allTranscripts(db: Db): Promise<Map<number, Cue[]>> {
  const rows = await db
    .select({ id: videos.id, transcript: videos.transcript })
    .from(videos)
    .where(sql`jsonb_array_length(${videos.transcript}) > 0`);
  return new Map(rows.flatMap(({ id, transcript }) => (transcript ? [[id, transcript] as const] : [])));
}
