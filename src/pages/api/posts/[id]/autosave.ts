import { postRoutes } from "@/modules/posts/post-routes.server";

export const GET = postRoutes.readAutosave;
export const PUT = postRoutes.keepAutosave;
export const DELETE = postRoutes.discardAutosave;
