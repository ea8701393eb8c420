import { defineRoute, isAdmin } from "@/lib/define-route.server";
import { notFound } from "@/lib/errors";
import { refAsId, refAsSlug } from "@/lib/query-schemas";
import { videoInputSchema } from "@/modules/videos/schema";
import { serializeAdminVideo, serializeVideo } from "@/modules/videos/serialize";
import { deleteVideo, updateVideo } from "@/modules/videos/video-writes.server";
import { videoBySlug } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  params: refAsSlug,
  run: async ({ params, user, db }) => {
    // A draft's slug is not found, but by the admin.
    const admin = isAdmin(user);
    const video = await videoBySlug(db, params.slug, { anyStatus: admin });
    if (!video) throw notFound("Video");
    return admin ? serializeAdminVideo(video) : serializeVideo(video);
  },
});

export const PUT = defineRoute({
  access: "admin",
  params: refAsId,
  body: videoInputSchema,
  run: async ({ params, body, user, db }) =>
    serializeAdminVideo(await updateVideo(db, params.id, body, { authorId: user.id })),
});

export const DELETE = defineRoute({
  access: "admin",
  params: refAsId,
  run: ({ params, db }) => deleteVideo(db, params.id),
});
