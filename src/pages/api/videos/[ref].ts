import { videoRoutes } from "@/modules/videos/video-routes.server";

export const GET = videoRoutes.read;
export const PUT = videoRoutes.update;
export const DELETE = videoRoutes.remove;
