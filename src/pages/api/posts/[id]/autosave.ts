import { postHistory } from "@/modules/posts/post-history.server";

export const GET = postHistory.readAutosave;
export const PUT = postHistory.keepAutosave;
export const DELETE = postHistory.discardAutosave;
