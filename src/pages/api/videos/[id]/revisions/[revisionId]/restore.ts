import { videoRoutes } from "@/modules/videos/video-routes.server";

export const POST = videoRoutes.editorial.restore;
