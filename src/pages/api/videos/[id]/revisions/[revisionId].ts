import { videoRoutes } from "@/modules/videos/video-routes.server";

export const GET = videoRoutes.editorial.one;
