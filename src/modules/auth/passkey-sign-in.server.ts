import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { unauthenticated } from "@/lib/errors";
import { throttle } from "@/lib/rate-limit.server";
import type { SessionUser } from "@/lib/session-user";
import { issueDeviceToken } from "./device-token.server";
import { clientKey, LOGIN_LIMITS } from "./login-limits";
import { verifyPasskey, type RelyingParty } from "./passkeys.server";
import { completeSignIn, type SignInClient } from "./sign-ins.server";

const { users } = tables;

/**
 * Sign in with a passkey alone: it is something the owner has, unlocked by something they
 * are or know, so two factors in one (ASVS 6.3.2). Counted against the client's sign-in limit.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  client: SignInClient,
): Promise<{ token: string; user: SessionUser; deviceToken: string }> {
  await throttle(db, clientKey(client.address), LOGIN_LIMITS.perClient);
  const { userId } = await verifyPasskey(db, rp, response, "sign-in");
  const [account] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  // The passkey's row goes with its account; an account deleted this instant signs no one in.
  if (!account) throw unauthenticated("That passkey was not accepted.");
  return {
    token: await completeSignIn(db, account.id, "passkey", client),
    user: account,
    deviceToken: await issueDeviceToken(db, account.username),
  };
}
