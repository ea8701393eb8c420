import type { Db } from "@/lib/db.server";
import { listPosts } from "@/modules/posts/posts.server";
import { listVideos } from "@/modules/videos/videos.server";
import { allTranscripts } from "@/modules/videos/video-transcripts.server";
import { postRecord, videoRecord, type SearchRecord } from "./search-records";

/** The record of every post and video page, as the database holds them now. */
export async function siteSearchRecords(db: Db): Promise<SearchRecord[]> {
  const [posts, videos, transcripts] = await Promise.all([listPosts(db), listVideos(db), allTranscripts(db)]);
  return [...posts.map(postRecord), ...videos.map((video) => videoRecord(video, transcripts.get(video.id)))];
}
