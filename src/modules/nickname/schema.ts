import * as z from "zod/mini";
import {
  EXPLANATION_MAX_LENGTH,
  NAME_REQUIRED,
  nameProblem,
  NICKNAME_CATEGORIES,
  NICKNAME_MAX_LENGTH,
  SUGGESTIONS,
  textProblem,
} from "./rules";

/** A trimmed text held to one of the rules (`rules.ts`), with the rule's own message. */
const checkedText = (problemOf: (text: string) => string | undefined) =>
  z.string({ error: NAME_REQUIRED }).check(
    z.trim(),
    z.superRefine((value, context) => {
      const problem = problemOf(value);
      if (problem) context.addIssue({ code: "custom", message: problem, input: value });
    }),
  );

/**
 * A request for nicknames, as the page's form and island send it and the endpoint accepts
 * it. `attempt` counts the visitor's "Generate More" clicks and `avoid` holds the nicknames
 * on screen, so the next ones are new.
 */
export const nicknameRequestSchema = z.strictObject({
  name: checkedText(nameProblem),
  attempt: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  avoid: z.optional(
    z
      .array(checkedText((text) => textProblem(text, NICKNAME_MAX_LENGTH, "A nickname to avoid is too long.")))
      .check(z.maxLength(SUGGESTIONS.max, { error: `At most ${String(SUGGESTIONS.max)} nicknames to avoid.` })),
  ),
});
export type NicknameRequest = z.output<typeof nicknameRequestSchema>;

/** One suggestion as shown on a card; whatever the AI sends is held to it, or thrown away. */
export const nicknameSuggestionSchema = z.strictObject({
  nickname: z.string().check(z.trim(), z.minLength(1), z.maxLength(NICKNAME_MAX_LENGTH)),
  explanation: z.string().check(z.trim(), z.minLength(1), z.maxLength(EXPLANATION_MAX_LENGTH)),
  category: z.enum(NICKNAME_CATEGORIES),
});
export type NicknameSuggestion = z.output<typeof nicknameSuggestionSchema>;

/** What `POST /api/nickname/generate` answers. */
export const nicknameResponseSchema = z.strictObject({
  nicknames: z.array(nicknameSuggestionSchema).check(z.minLength(1), z.maxLength(SUGGESTIONS.max)),
  source: z.enum(["ai", "local"]),
});
export type NicknameResponse = z.output<typeof nicknameResponseSchema>;

/** What the page shows: the nicknames for a name, and which "Generate More" they answer. */
export interface NicknameAnswer {
  name: string;
  attempt: number;
  response: NicknameResponse;
}
