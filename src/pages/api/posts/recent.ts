import { postRoutes } from "@/modules/posts/post-routes.server";

export const GET = postRoutes.recent;
