import { videoHistory } from "@/modules/videos/video-history.server";

export const GET = videoHistory.one;
