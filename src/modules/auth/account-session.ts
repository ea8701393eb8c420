import { unauthenticated } from "@/lib/errors";

/** The session a signed-in request came with, which the account's routes act from. */
export function currentSession(locals: App.Locals): { id: string; provenAt: Date } {
  if (!locals.sessionId || !locals.provenAt) throw unauthenticated("Sign in required");
  return { id: locals.sessionId, provenAt: locals.provenAt };
}
