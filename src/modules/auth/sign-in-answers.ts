import type { ProofMethod } from "./account-views";
import type { PublicUser } from "./user";

/** What a second step accepts: every proof but the password, which the first step took. */
export type SecondStepMethod = Exclude<ProofMethod, "password">;

/** POST /api/auth/login's answer: a session, or, for an account with a second factor, the step still to take. */
export type LoginAnswer = { user: PublicUser } | { secondStep: { methods: SecondStepMethod[] } };

/** POST /api/auth/second-step's answer; `recoveryCodesLeft` only when a recovery code was used. */
export interface SecondStepAnswer {
  user: PublicUser;
  recoveryCodesLeft?: number;
}
