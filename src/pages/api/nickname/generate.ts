import { defineRoute } from "@/lib/define-route.server";
import { nicknameGenerator } from "@/modules/nickname/site-nicknames.server";
import {
  NICKNAME_LIMITS,
  NICKNAME_MAX_BODY_BYTES,
  nicknameKeys,
  suggestNicknames,
} from "@/modules/nickname/nicknames.server";
import { nicknameRequestSchema } from "@/modules/nickname/schema";

// Always answers with nicknames: the AI's, or the local generator's (see suggestNicknames).
// Past the per-client limit it is a 429, and the page's island answers locally instead.
export const POST = defineRoute({
  access: "public",
  throttle: { key: nicknameKeys.client, limit: NICKNAME_LIMITS.perClient },
  body: nicknameRequestSchema,
  maxBytes: NICKNAME_MAX_BODY_BYTES,
  run: ({ body, db }) => suggestNicknames(db, nicknameGenerator(), body),
});
