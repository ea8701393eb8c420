import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { slugPreviewQuery } from "@/lib/query-schemas";
import { freeSlug } from "@/lib/unique-slug.server";
import { postSlugs } from "@/modules/posts/post-writes.server";
import { videoSlugs } from "@/modules/videos/video-writes.server";

const sources = { posts: postSlugs, videos: videoSlugs };

/**
 * The slug a new post or video with this title would be saved with now (SPEC §5), for the
 * form to show while the owner writes: found among every item, not just the manager's page.
 */
export const GET = defineRoute({
  access: "admin",
  params: z.object({ kind: z.enum(["posts", "videos"], { error: "Kind must be posts or videos" }) }),
  query: slugPreviewQuery,
  run: async ({ params, query, db }) => ({ slug: await freeSlug(db, sources[params.kind], query.title) }),
});
