import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { throttle, type RateLimit } from "@/lib/rate-limit.server";
import type { NewsletterSignup } from "./schema";

const { newsletterSubscribers } = tables;
const HOUR = 60 * 60_000;

/**
 * Signup throttles. Per client, so one machine cannot fill the table with made-up
 * addresses; per address, so nobody can use the form to pester one inbox's owner.
 */
export const SIGNUP_LIMITS = {
  perClient: { limit: 20, windowMs: HOUR },
  perAddress: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** Rate-limit keys for a signup attempt. */
export const signupKeys = {
  client: (clientAddress: string) => `newsletter:client:${clientAddress}`,
  address: (email: string) => `newsletter:email:${email}`,
};

/**
 * Subscribe an address (already normalised by `newsletterSignupSchema`). A repeat is not
 * an error and resolves exactly like a first signup, so the endpoint cannot be used to
 * learn who is on the list; only pestering one address is refused (`rate_limited`).
 */
export async function subscribe(db: Db, email: NewsletterSignup["email"]): Promise<void> {
  await throttle(db, signupKeys.address(email), SIGNUP_LIMITS.perAddress);
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email });
}
