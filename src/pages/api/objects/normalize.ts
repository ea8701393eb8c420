import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { normalizeUpload } from "@/modules/uploads/normalize-upload.server";

const body = z.strictObject({ rawPath: z.string().max(300) });

export const POST = defineRoute({
  access: "admin",
  body,
  maxBytes: 1024,
  run: async ({ body, db, user }) => ({
    normalizedPath: await normalizeUpload(db, await siteObjects(), body.rawPath, user.id),
  }),
});
