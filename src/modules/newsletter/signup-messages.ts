// The signup's messages and bound, apart from its schema, so the home page's form can check
// an address with the browser's own validation and say the same words without shipping zod.

export const SIGNUP_REQUIRED = "Please enter your email address.";
export const SIGNUP_INVALID = "Please enter a valid email address.";
/**
 * What a signup is told beside the spec's "Successfully subscribed!": nothing arrives until
 * the address is confirmed, so the reader must know to look for the message that asks.
 */
export const SIGNUP_CONFIRM_NOTE =
  "If this address is new to us, a message asking you to confirm it is on its way: open it, and new meh moments will follow.";
/** The longest address SMTP can deliver to (RFC 5321 path limit). */
export const SIGNUP_MAX_LENGTH = 254;
