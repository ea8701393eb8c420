// zod/mini: the same rules in a fraction of the bytes, since the signup island ships them.
import * as z from "zod/mini";

const REQUIRED = "Please enter your email address.";
const INVALID = "Please enter a valid email address.";

/**
 * A newsletter signup, as the island sends it and the endpoint accepts it. The address
 * is trimmed and lowercased here, so the database stores one spelling per mailbox.
 * 254 characters is the longest address SMTP can deliver to (RFC 5321 path limit).
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
          z.maxLength(254, { error: INVALID, abort: true }),
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
