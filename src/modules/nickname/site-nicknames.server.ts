import { ConcurrencyGate } from "@/lib/concurrency-gate";
import { processValue } from "@/lib/process-value";
import { settings } from "@/lib/settings.server";
import { NICKNAME_AI_CONCURRENCY, type NicknameGenerator } from "./nicknames.server";
import { openAiNicknames } from "./openai-nicknames.server";

const held = processValue<NicknameGenerator>(import.meta.hot, "nicknames", () => {
  const { openai, dailyAiLimit } = settings().nickname;
  return {
    ai: openai ? openAiNicknames(openai) : undefined,
    dailyAiLimit,
    // One gate for the process, so its calls to the AI stay few however many ask at once.
    aiCalls: new ConcurrencyGate(NICKNAME_AI_CONCURRENCY),
  };
});

/** The nickname generator's AI (with a key) and its daily budget, for its endpoint and page. */
export const nicknameGenerator = (): NicknameGenerator => held.get();
