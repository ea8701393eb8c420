import { defineRoute } from "@/lib/define-route.server";
import { DomainError } from "@/lib/errors";
import { seeOther } from "@/lib/http.server";
import { sendJob } from "@/lib/job-registry";
import { SIGNUP_LIMITS, signupKeys } from "@/modules/newsletter/newsletter.server";
import { newsletterSignupSchema } from "@/modules/newsletter/schema";

// JSON from the island, or a plain HTML form posted without JavaScript, which must land
// on a page rather than on a JSON body.
export const POST = defineRoute({
  access: "public",
  throttle: { key: signupKeys.network, limit: SIGNUP_LIMITS.perNetwork },
  body: newsletterSignupSchema,
  // An address is at most 254 characters; 2 KB leaves room for JSON and percent-encoding.
  maxBytes: 2048,
  // A form may carry other controls (a submit button's name); only the address is read.
  form: (fields) => ({ email: fields.get("email") ?? undefined }),
  run: async ({ body, isForm }) => {
    // Every address, new, known, held to its day's one confirmation or past the hour's
    // budget, takes this one path: into the queue, where the job decides. The answer and
    // its time tell nobody which it was, and the visitor never waits on a mail server.
    // Without a queue running, sendJob refuses (503, try again): a signup is never dropped.
    await sendJob("newsletter-confirmation", { email: body.email });
    return isForm ? seeOther("/newsletter/thanks") : undefined;
  },
  onError: (error, { isForm }) => {
    if (!isForm) return undefined;
    const reason = error instanceof DomainError && error.code !== "rate_limited" ? "invalid" : "busy";
    return seeOther(`/newsletter/try-again?reason=${reason}`);
  },
});
