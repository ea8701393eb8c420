import { postRoutes } from "@/modules/posts/post-routes.server";

export const GET = postRoutes.editorial.readAutosave;
export const PUT = postRoutes.editorial.keepAutosave;
export const DELETE = postRoutes.editorial.discardAutosave;
