import { postRoutes } from "@/modules/posts/post-routes.server";

export const POST = postRoutes.editorial.createPreviewLink;
export const DELETE = postRoutes.editorial.revokePreviewLinks;
