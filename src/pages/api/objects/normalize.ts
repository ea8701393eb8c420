import { z } from "zod";
import { defineRoute } from "@/server/define-route.server";
import { runtime } from "@/server/runtime";
import { normalizeUpload } from "@/modules/uploads/normalize-upload.server";

const body = z.strictObject({ rawPath: z.string().max(300) });

export const POST = defineRoute({
  access: "admin",
  body,
  maxBytes: 1024,
  run: async ({ body, db, user }) => ({
    normalizedPath: await normalizeUpload(db, await runtime().objects(), body.rawPath, user.id),
  }),
});
