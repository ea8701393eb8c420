import { defineRoute, isAdmin, requireAdmin } from "@/lib/define-route.server";
import { pagedJson } from "@/lib/paged-response.server";
import { listQuery } from "@/modules/editorial/list-query";
import { videoInputSchema } from "@/modules/videos/schema";
import { serializeListedVideo } from "@/modules/videos/card";
import { serializeAdminVideo } from "@/modules/videos/serialize";
import { createVideo } from "@/modules/videos/video-writes.server";
import { listVideosPage } from "@/modules/videos/videos.server";

export const GET = defineRoute({
  access: "public",
  query: listQuery,
  run: async ({ query, user, db, context }) => {
    // Drafts and schedules are the admin's; what visitors see is anyone's.
    if (query.status !== "published") requireAdmin(user);
    const serialize = isAdmin(user) && query.view === "full" ? serializeAdminVideo : serializeListedVideo(query.view);
    return pagedJson(context.url, await listVideosPage(db, query, query), query, serialize);
  },
});

export const POST = defineRoute({
  access: "admin",
  body: videoInputSchema,
  status: 201,
  run: async ({ body, user, db }) => serializeAdminVideo(await createVideo(db, body, { authorId: user.id })),
});
