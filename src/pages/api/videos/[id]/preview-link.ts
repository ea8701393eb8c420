import { videoRoutes } from "@/modules/videos/video-routes.server";

export const POST = videoRoutes.createPreviewLink;
export const DELETE = videoRoutes.revokePreviewLinks;
