import { videoRoutes } from "@/modules/videos/video-routes.server";

export const GET = videoRoutes.list;
export const POST = videoRoutes.create;
