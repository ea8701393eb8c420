import { videoHistory } from "@/modules/videos/video-history.server";

export const GET = videoHistory.readAutosave;
export const PUT = videoHistory.keepAutosave;
export const DELETE = videoHistory.discardAutosave;
