import type { ConcurrencyGate } from "@/lib/concurrency-gate";
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

/** AI calls in flight at once, site-wide per process; past them the local generator answers at once. */
export const NICKNAME_AI_CONCURRENCY = 4;

/** What the generator may use: the AI, when there is a key, how many of its answers a day, and how many at once. */
export interface NicknameGenerator {
  ai?: NicknameAi;
  dailyAiLimit: number;
  /** Shared by every request of the process: NICKNAME_AI_CONCURRENCY calls at most. */
  aiCalls: ConcurrencyGate;
}

/**
 * Nicknames for a name (SPEC §4): the AI's while the day's budget lasts, else, and
 * whenever the AI fails, times out, refuses or sends nothing usable, the local
 * generator's. It always answers. A call counts against the budget once made, since it
 * costs whether or not its answer is used.
 */
export async function suggestNicknames(
  db: Db,
  { ai, dailyAiLimit, aiCalls }: NicknameGenerator,
  request: NicknameRequest,
): Promise<NicknameResponse> {
  const local = (): NicknameResponse => ({
    nicknames: localNicknames(request.name, request.attempt, request.avoid),
    source: "local",
  });
  if (!ai || dailyAiLimit === 0) return local();
  // A slow provider must not gather visitors behind it: with the calls already out, this
  // one is answered locally, before it spends any of the day's budget.
  const leave = aiCalls.enter();
  if (!leave) return local();
  try {
    const budget = await hitRateLimit(db, nicknameKeys.aiDay(new Date()), { limit: dailyAiLimit, windowMs: DAY });
    if (!budget.allowed) return local();
    return (await askAi(ai, request)) ?? local();
  } finally {
    leave();
  }
}

/** The AI's nicknames, or undefined when it fails, times out, refuses or sends too few usable ones. */
async function askAi(ai: NicknameAi, request: NicknameRequest): Promise<NicknameResponse | undefined> {
  try {
    const nicknames = await ai.suggest(request);
    if (nicknames.length >= SUGGESTIONS.min) return { nicknames, source: "ai" };
    console.warn("Nickname AI sent too few usable nicknames; answered locally");
  } catch (error) {
    // Expected now and then (a timeout, the provider's limits): worth a line, not an alarm.
    console.warn(`Nickname AI failed; answered locally: ${describeError(error)}`);
  }
  return undefined;
}
