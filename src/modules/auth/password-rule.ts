import * as z from "zod/mini";

/** Password length the site accepts (OWASP ASVS 2.1.1 / 2.1.2). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** A password the owner chooses, as the form and the endpoint both check it. */
export const PASSWORD_RULE = z
  .string({ error: "Enter a password" })
  .check(
    z.minLength(PASSWORD_MIN, { error: `Use at least ${String(PASSWORD_MIN)} characters` }),
    z.maxLength(PASSWORD_MAX, { error: `Use at most ${String(PASSWORD_MAX)} characters` }),
  );
