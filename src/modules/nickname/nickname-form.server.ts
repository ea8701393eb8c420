import { findTextFault } from "@/lib/acceptable-text";
import type { Db } from "@/lib/db.server";
import { DomainError } from "@/lib/errors";
import { clientAddress, readBody } from "@/lib/http.server";
import { hitRateLimit } from "@/lib/rate-limit.server";
import type { APIContext } from "astro";
import {
  NICKNAME_LIMITS,
  NICKNAME_MAX_BODY_BYTES,
  nicknameKeys,
  suggestNicknames,
  type NicknameGenerator,
} from "./nicknames.server";
import { nicknameRequestSchema, type NicknameAnswer } from "./schema";

/** What the page shows after a form post: the nicknames, or why the name was refused. */
export interface NicknameFormOutcome {
  status: number;
  answer?: NicknameAnswer;
  error?: string;
}

/** The fields of the page's two forms (a name; Generate More adds the attempt and those shown). */
function requestFrom(fields: URLSearchParams) {
  const attempt = fields.get("attempt");
  const avoid = fields.getAll("avoid");
  return {
    name: fields.get("name") ?? "",
    attempt: attempt === null ? undefined : Number(attempt),
    avoid: avoid.length > 0 ? avoid : undefined,
  };
}

/**
 * The page's answer to its form posted without JavaScript: the same rules and generator
 * as the endpoint, except that past the per-client limit the local generator answers, as
 * the island does, rather than a 429 a visitor would meet as an error page.
 */
export async function answerNicknameForm(
  context: Pick<APIContext, "request" | "clientAddress">,
  db: Db,
  generator: NicknameGenerator,
): Promise<NicknameFormOutcome> {
  let input;
  try {
    input = requestFrom(new URLSearchParams(await readBody(context.request, NICKNAME_MAX_BODY_BYTES)));
  } catch (error) {
    if (error instanceof DomainError) return { status: error.code === "too_large" ? 413 : 400, error: error.message };
    throw error;
  }
  const fault = findTextFault(input);
  if (fault) return { status: 400, error: fault.message };
  const parsed = nicknameRequestSchema.safeParse(input);
  if (!parsed.success) return { status: 400, error: parsed.error.issues[0]?.message };

  const { allowed } = await hitRateLimit(db, nicknameKeys.client(clientAddress(context)), NICKNAME_LIMITS.perClient);
  const response = await suggestNicknames(db, allowed ? generator : { ...generator, dailyAiLimit: 0 }, parsed.data);
  return { status: 200, answer: { name: parsed.data.name, attempt: parsed.data.attempt ?? 0, response } };
}
