import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { supplyMedia } from "@/modules/imports/supply-media.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";

/** An image the import could not bring, sent by the owner (`url`: their upload of it): the posts that show it point at it. */
export const POST = defineRoute({
  access: "admin",
  params: idParam,
  body: z.strictObject({ ref: z.string().min(1).max(2000), url: z.string().min(1).max(500) }),
  run: async ({ db, params, body }) => supplyMedia(db, await siteObjects(), params.id, body.ref, body.url),
});
