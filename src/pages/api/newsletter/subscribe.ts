import type { APIContext, APIRoute } from "astro";
import { db } from "@/lib/db.server";
import {
  clientAddress,
  contentType,
  errorResponse,
  HttpError,
  json,
  parseJson,
  parseWith,
  readBody,
  seeOther,
  tooManyRequests,
} from "@/lib/http.server";
import { hitRateLimit, type RateLimit } from "@/lib/rate-limit.server";
import { SIGNUP_LIMITS, signupKeys, subscribe } from "@/modules/newsletter/newsletter.server";
import { newsletterSignupSchema } from "@/modules/newsletter/schema";

// An address is at most 254 characters; 2 KB leaves room for JSON and percent-encoding.
const MAX_BODY_BYTES = 2048;

// JSON from the island, or a plain HTML form posted without JavaScript, which must land
// on a page rather than on a JSON body.
export const POST: APIRoute = async (context) => {
  const isForm = contentType(context.request) === "application/x-www-form-urlencoded";
  try {
    await signUp(context, isForm);
    return isForm ? seeOther("/newsletter/thanks") : json({ ok: true });
  } catch (error) {
    if (!isForm) return errorResponse(error);
    if (!(error instanceof HttpError)) console.error(error);
    const reason = error instanceof HttpError && error.status !== 429 ? "invalid" : "busy";
    return seeOther(`/newsletter/try-again?reason=${reason}`);
  }
};

async function signUp(context: APIContext, isForm: boolean): Promise<void> {
  // Every attempt counts against the client, well-formed or not.
  await throttle(signupKeys.client(clientAddress(context)), SIGNUP_LIMITS.perClient);
  if (!isForm && contentType(context.request) !== "application/json") {
    throw new HttpError(415, "Content-Type must be application/json or application/x-www-form-urlencoded");
  }
  const body = await readBody(context.request, MAX_BODY_BYTES);
  // A form may carry other controls (a submit button's name); only the address is read.
  const input = isForm ? { email: new URLSearchParams(body).get("email") ?? undefined } : parseJson(body);
  const { email } = parseWith(newsletterSignupSchema, input);
  await throttle(signupKeys.address(email), SIGNUP_LIMITS.perAddress);
  await subscribe(db(), email);
}

async function throttle(key: string, limit: RateLimit): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db(), key, limit);
  if (!allowed) throw tooManyRequests(retryAfterSeconds);
}
