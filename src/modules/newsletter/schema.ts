import * as z from "zod/mini";
import { SIGNUP_INVALID as INVALID, SIGNUP_MAX_LENGTH, SIGNUP_REQUIRED as REQUIRED } from "./signup-messages";

/**
 * A newsletter signup, as the form sends it and the endpoint accepts it. The address is
 * trimmed and lowercased here, so the database stores one spelling per mailbox. The form
 * in the page checks the same bound and says the same words with the browser's own
 * validation (`enhance-signup.ts`); this schema decides.
 */
export const newsletterSignupSchema = z.strictObject(
  {
    email: z.pipe(
      z
        .string({ error: (issue) => (issue.input === undefined ? REQUIRED : INVALID) })
        .check(
          z.trim(),
          z.toLowerCase(),
          z.minLength(1, { error: REQUIRED, abort: true }),
          z.maxLength(SIGNUP_MAX_LENGTH, { error: INVALID, abort: true }),
        ),
      z.email({ error: INVALID }),
    ),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "Only an email address is accepted." : "Expected an object with an email.",
  },
);

/** What the form holds. */
export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
/** What the server stores: a trimmed, lowercased, valid address. */
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;
