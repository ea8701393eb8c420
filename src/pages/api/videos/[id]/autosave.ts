import { videoRoutes } from "@/modules/videos/video-routes.server";

export const GET = videoRoutes.readAutosave;
export const PUT = videoRoutes.keepAutosave;
export const DELETE = videoRoutes.discardAutosave;
