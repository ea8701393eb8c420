import type { Db } from "@/lib/db.server";
import { describeError } from "@/lib/log-unexpected";
import { hitRateLimit, type RateLimit } from "@/lib/rate-limit.server";
import { localNicknames } from "./local-nicknames";
import type { NicknameAi } from "./openai-nicknames.server";
import { SUGGESTIONS } from "./rules";
import type { NicknameRequest, NicknameResponse } from "./schema";

const DAY = 24 * 60 * 60_000;

/** Largest request body, form or JSON: a name and six nicknames to avoid fit many times over. */
export const NICKNAME_MAX_BODY_BYTES = 4096;

/** Per client: generous for someone clicking Generate More, short of a script's appetite. */
export const NICKNAME_LIMITS = {
  perClient: { limit: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/** Rate-limit keys: one client's requests, and the whole site's AI answers on one UTC day. */
export const nicknameKeys = {
  client: (clientAddress: string) => `nickname:client:${clientAddress}`,
  aiDay: (now: Date) => `nickname:ai:${now.toISOString().slice(0, 10)}`,
};

/** What the generator may use: the AI, when there is a key, and how many of its answers a day. */
export interface NicknameGenerator {
  ai?: NicknameAi;
  dailyAiLimit: number;
}

/**
 * Nicknames for a name (SPEC §4): the AI's while the day's budget lasts, else, and
 * whenever the AI fails, times out, refuses or sends nothing usable, the local
 * generator's. It always answers. A call counts against the budget once made, since it
 * costs whether or not its answer is used.
 */
export async function suggestNicknames(
  db: Db,
  { ai, dailyAiLimit }: NicknameGenerator,
  request: NicknameRequest,
): Promise<NicknameResponse> {
  const local = (): NicknameResponse => ({
    nicknames: localNicknames(request.name, request.attempt, request.avoid),
    source: "local",
  });
  if (!ai || dailyAiLimit === 0) return local();
  const budget = await hitRateLimit(db, nicknameKeys.aiDay(new Date()), { limit: dailyAiLimit, windowMs: DAY });
  if (!budget.allowed) return local();
  try {
    const nicknames = await ai.suggest(request);
    if (nicknames.length >= SUGGESTIONS.min) return { nicknames, source: "ai" };
    console.warn("Nickname AI sent too few usable nicknames; answered locally");
  } catch (error) {
    // Expected now and then (a timeout, the provider's limits): worth a line, not an alarm.
    console.warn(`Nickname AI failed; answered locally: ${describeError(error)}`);
  }
  return local();
}
