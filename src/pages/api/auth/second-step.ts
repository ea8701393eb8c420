import { defineRoute } from "@/lib/define-route.server";
import { codeSchema } from "@/modules/auth/factor-schemas";
import { completeSecondStep } from "@/modules/auth/second-step.server";
import { readSecondStepToken } from "@/modules/auth/session-cookie.server";
import { handOverSession, signInClient } from "@/modules/auth/sign-in-response.server";

/** A sign-in's second step: the code from the authenticator app, or a recovery code. */
export const POST = defineRoute({
  access: "public",
  body: codeSchema,
  maxBytes: 4096,
  run: async ({ body, client, db, context }) => {
    const signedIn = await completeSecondStep(
      db,
      readSecondStepToken(context.cookies),
      body.code,
      signInClient(context, client),
    );
    const answer = await handOverSession(db, context, signedIn);
    return signedIn.recoveryCodesLeft === undefined
      ? answer
      : { ...answer, recoveryCodesLeft: signedIn.recoveryCodesLeft };
  },
});
