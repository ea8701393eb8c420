import { videoRoutes } from "@/modules/videos/video-routes.server";

export const GET = videoRoutes.editorial.readAutosave;
export const PUT = videoRoutes.editorial.keepAutosave;
export const DELETE = videoRoutes.editorial.discardAutosave;
