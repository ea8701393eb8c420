/**
 * What can go wrong in a service, as a stable code a caller can act on. Services throw
 * these and know nothing of HTTP; the routes' one error mapper (`http.server.ts`) turns a
 * code into a status. Ghost's typed errors are the model.
 */
export type ErrorCode =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_type"
  | "rate_limited"
  | "unavailable"
  | "sign_in_again"
  | "reauthenticate";

/** A failure the caller caused or can act on; its message is safe to show. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** The input field at fault, as a dotted path (`images.0.imageUrl`). */
  readonly field?: string;
  /** For `rate_limited` and `unavailable`: whole seconds until trying again can succeed. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options: { field?: string; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Input that breaks a rule; names the field when one is at fault. */
export const invalid = (message: string, field?: string): DomainError => new DomainError("invalid", message, { field });

/** The thing asked for does not exist: `notFound("Post")` reads "Post not found". */
export const notFound = (what: string): DomainError => new DomainError("not_found", `${what} not found`);

/** Nobody is signed in, or the credentials given are wrong. */
export const unauthenticated = (message: string): DomainError => new DomainError("unauthenticated", message);

/** Signed in, or holding a permission, that does not allow this. */
export const forbidden = (message: string): DomainError => new DomainError("forbidden", message);

/** A sign-in's second step came too late or too often: its password must be given again. */
export const signInAgain = (message: string): DomainError => new DomainError("sign_in_again", message);

/** Allowed, but only with a fresh proof of who is asking: what cannot be undone asks again (ASVS V6 step-up). */
export const reauthenticate = (): DomainError =>
  new DomainError("reauthenticate", "Confirm it's you first: this cannot be undone.");

/** The request clashes with the current state (a used one-time URL, a stale version). */
export const conflict = (message: string): DomainError => new DomainError("conflict", message);

/** More bytes than allowed. */
export const tooLarge = (message: string): DomainError => new DomainError("too_large", message);

/** A body or file of a type this call does not take. */
export const unsupportedType = (message: string): DomainError => new DomainError("unsupported_type", message);

/** "40 seconds", "12 minutes", "3 hours": a wait as a person says it, rounded up. */
export function waitText(seconds: number): string {
  const [count, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds < 7200
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${String(count)} ${unit}${count === 1 ? "" : "s"}`;
}

/** Too many attempts; the caller may try again after `retryAfterSeconds`, and is told when. */
export const rateLimited = (retryAfterSeconds: number): DomainError =>
  new DomainError("rate_limited", `Too many attempts. Try again in ${waitText(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });

/** Something this call needs (the database) cannot answer now; the caller may try again after `retryAfterSeconds`. */
export const unavailable = (message: string, retryAfterSeconds: number): DomainError =>
  new DomainError("unavailable", message, { retryAfterSeconds });
