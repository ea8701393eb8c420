import * as z from "zod/mini";
import { acceptableText } from "@/lib/acceptable-text";
import { PASSWORD_RULE } from "./password-rule";

/** A code typed at the second step or to confirm it is you: an authenticator's six digits or a recovery code. */
export const codeSchema = z.strictObject({
  code: z
    .string({ error: "Enter the code" })
    .check(z.minLength(1, { error: "Enter the code" }), z.maxLength(40, { error: "That is not a code" })),
});

/** A passkey's name, as the owner tells their passkeys apart. */
export const passkeyName = z
  .string({ error: "Name the passkey" })
  .check(
    z.trim(),
    z.minLength(1, { error: "Name the passkey" }),
    z.maxLength(60, { error: "Keep the name to 60 characters" }),
    acceptableText({ singleLine: true }),
  );

export const renamePasskeySchema = z.strictObject({ name: passkeyName });

/** A new password for the account. */
export const passwordChangeSchema = z.strictObject({ password: PASSWORD_RULE });

// What a browser sends back from a WebAuthn ceremony (its `toJSON()`): the library checks
// every part of it; this only bounds its size and shape, so junk is a 400 before that.
const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/, { error: "Must be base64url" }));
const credentialJson = <T extends z.ZodMiniType>(response: T) =>
  z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal("public-key"),
    response,
    clientExtensionResults: z.record(z.string(), z.unknown()),
    authenticatorAttachment: z.optional(z.enum(["platform", "cross-platform"])),
  });

export const authenticationResponse = credentialJson(
  z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(base64url),
  }),
);

export const registrationResponse = credentialJson(
  z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
  }),
);

export const passkeySignInSchema = z.strictObject({ response: authenticationResponse });
export const addPasskeySchema = z.strictObject({ name: passkeyName, response: registrationResponse });

/** One proof of who holds the session: a password (an account without a second factor), a code, or a passkey. */
export const reauthenticateSchema = z.union([
  z.strictObject({ password: z.string().check(z.minLength(1, { error: "Enter your password" }), z.maxLength(256)) }),
  codeSchema,
  z.strictObject({ passkey: authenticationResponse }),
]);

export const noBody = z.optional(z.strictObject({}));
