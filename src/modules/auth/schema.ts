import * as z from "zod/mini";
import { USERNAME_MAX_LENGTH } from "../../../db/domain-constants.ts";
import { acceptableText } from "@/lib/acceptable-text";

/** Sign-in (SPEC §5), with the spec's messages; the same schema serves the form and the endpoint. */
export const loginSchema = z.strictObject({
  username: z
    .string({ error: "Username is required" })
    .check(
      z.minLength(1, { error: "Username is required" }),
      z.maxLength(USERNAME_MAX_LENGTH, { error: "Username is too long" }),
      acceptableText({ singleLine: true }),
    ),
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(1, { error: "Password is required" }), z.maxLength(256, { error: "Password is too long" })),
});

export type LoginInput = z.output<typeof loginSchema>;
