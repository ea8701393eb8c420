import { sendJob } from "@/lib/job-registry";
import { DomainError } from "@/lib/errors";
import { describeError } from "@/lib/log-unexpected";

/**
 * After a video is saved with no ladder on it (a new video, or a new file, whose ladder the
 * database has just taken off): start the `video-streams` job now, so the ladder is made at
 * once rather than at the job's next minute. The job finds for itself what is due, and a
 * video that needs no ladder costs it one query. The save stands whatever the queue says:
 * a queue not started yet sweeps for due ladders when it starts, and one that refuses the
 * job leaves the ladder to the next minute's run.
 */
export async function askForLadder(video: { streamUrl: string | null }): Promise<void> {
  if (video.streamUrl !== null) return;
  await sendJob("video-streams", {}).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "unavailable") return;
    console.warn(`A video's ladder waits for the job's next minute: ${describeError(error)}`);
  });
}
