import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

// OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. The library's default algorithm is
// argon2id (its `Algorithm` is a const enum that isolated modules cannot import).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash holds 19 MiB and a core for ~50 ms; capping them keeps a burst of sign-ins
// from exhausting memory or starving every other request.
const limit = pLimit(2);

/** Hash a password as an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, ARGON2));
}

/** Check a password against a stored hash; a malformed hash is simply a mismatch. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limit(() => verify(passwordHash, password).catch(() => false));
}
