import { postRoutes } from "@/modules/posts/post-routes.server";

export const POST = postRoutes.editorial.restore;
