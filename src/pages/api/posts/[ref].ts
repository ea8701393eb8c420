import { postRoutes } from "@/modules/posts/post-routes.server";

export const GET = postRoutes.read;
export const PUT = postRoutes.update;
export const DELETE = postRoutes.remove;
