// The signup's messages and bound, apart from its schema, so the home page's form can check
// an address with the browser's own validation and say the same words without shipping zod.

export const SIGNUP_REQUIRED = "Please enter your email address.";
export const SIGNUP_INVALID = "Please enter a valid email address.";
/** The longest address SMTP can deliver to (RFC 5321 path limit). */
export const SIGNUP_MAX_LENGTH = 254;
