import { videoHistory } from "@/modules/videos/video-history.server";

export const POST = videoHistory.restore;
