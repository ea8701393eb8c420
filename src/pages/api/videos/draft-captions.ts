import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { mediaUrl } from "@/modules/uploads/media-url";
import { canDraftCaptions, siteDraftCaptions } from "@/modules/videos/site-draft-captions.server";

// Whether the video form offers "Draft captions": only with an OpenAI key.
export const GET = defineRoute({
  access: "admin",
  run: () => ({ available: canDraftCaptions() }),
});

// A WebVTT draft of what the uploaded video says, for the curator to correct and save as its captions.
export const POST = defineRoute({
  access: "admin",
  body: z.strictObject({ videoUrl: mediaUrl("video") }),
  run: async ({ body }) => ({ vtt: await siteDraftCaptions(body.videoUrl) }),
});
