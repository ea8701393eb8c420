import { postRoutes } from "@/modules/posts/post-routes.server";

export const POST = postRoutes.createPreviewLink;
export const DELETE = postRoutes.revokePreviewLinks;
