import { defineRoute } from "@/lib/define-route.server";
import { settings } from "@/lib/settings.server";
import {
  DIGEST_HOUR_UTC,
  digestSettings,
  digestSettingsSchema,
  nextDigestAt,
  nextDigestPreview,
  saveDigestSettings,
} from "@/modules/newsletter/digest.server";

/** The owner's digest day, when the next digest is written, and how it would look today. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db }) => {
    const chosen = await digestSettings(db);
    const now = new Date();
    return {
      ...chosen,
      nextDigestAt: nextDigestAt(chosen, now, DIGEST_HOUR_UTC).toISOString(),
      preview: await nextDigestPreview(db, settings(), now),
    };
  },
});

export const PUT = defineRoute({
  access: "admin",
  body: digestSettingsSchema,
  maxBytes: 1024,
  run: ({ body, db }) => saveDigestSettings(db, body),
});
