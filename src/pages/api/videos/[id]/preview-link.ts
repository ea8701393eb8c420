import { videoRoutes } from "@/modules/videos/video-routes.server";

export const POST = videoRoutes.editorial.createPreviewLink;
export const DELETE = videoRoutes.editorial.revokePreviewLinks;
