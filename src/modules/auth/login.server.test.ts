import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { loginFailures, rateLimits, signInAddresses } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createOrResetAdmin } from "./admin-account.server";
import { ACCOUNT_LIMIT } from "./account-throttle.server";
import { issueDeviceToken } from "./device-token.server";
import { LOGIN_LIMITS } from "./login-limits";
import { INVALID_CREDENTIALS, login } from "./login.server";
import * as password from "./password.server";
import { validateSessionToken } from "./session.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await createOrResetAdmin(handle.db, "owner", "correct horse battery");
});
beforeEach(async () => {
  await handle.db.delete(rateLimits);
  await handle.db.delete(loginFailures);
  await handle.db.delete(signInAddresses);
});
afterAll(async () => {
  await handle.close();
});

const RIGHT = "correct horse battery";
/** A sign-in of an account without a second factor: a session, or the error it was refused with. */
async function attempt(username: string, password: string, address = "203.0.113.5", deviceToken?: string, now?: Date) {
  const outcome = await login(handle.db, { username, password }, { address, userAgent: "Test", deviceToken }, now);
  if (outcome.kind !== "session") throw new Error("A password alone led to a second step");
  return outcome;
}
/** What an attempt came to: signed in, or the error's code and Retry-After. */
const outcome = (result: Promise<unknown>) =>
  result.then(
    () => "signed in",
    (e: unknown) => {
      const { code, retryAfterSeconds } = e as { code: string; retryAfterSeconds?: number };
      return retryAfterSeconds === undefined ? code : `${code} ${retryAfterSeconds}s`;
    },
  );

describe("login", () => {
  it("starts a session for the right password", async () => {
    const { token, user } = await attempt("owner", RIGHT);
    expect(user).toMatchObject({ username: "owner", role: "admin" });
    expect((await validateSessionToken(handle.db, token))?.user.username).toBe("owner");
  });

  it("answers an unknown user exactly like a wrong password, after the same password check", async () => {
    // The real check, watched: an unknown name must cost the same argon2id verification as a
    // wrong password. A spy, not a module mock: the worker may have loaded the login already.
    const checks = vi.spyOn(password, "verifyPassword");
    onTestFinished(() => {
      checks.mockRestore();
    });
    const refusal = async (username: string) => {
      checks.mockClear();
      const error: unknown = await attempt(username, "wrong password").catch((e: unknown) => e);
      return { error, checks: checks.mock.calls.map(([hash, password]) => [hash.slice(0, 10), password]) };
    };
    const wrong = await refusal("owner");
    const unknown = await refusal("nobody");
    expect(unknown.error).toMatchObject({ code: "unauthenticated", message: INVALID_CREDENTIALS });
    expect(unknown.error).toEqual(wrong.error);
    // An unknown name still pays for one argon2id verification, against a decoy hash:
    // returning early would tell a guesser which names exist by how fast they are refused.
    expect(unknown.checks).toEqual([["$argon2id$", "wrong password"]]);
    expect(wrong.checks).toEqual(unknown.checks);
  });

  it("throttles one name from one client, saying when to retry, but not the same name elsewhere", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
    const refused: unknown = await attempt("owner", RIGHT).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // The owner, signing in from home, is not locked out by the attack.
    await expect(attempt("owner", RIGHT, "198.51.100.7")).resolves.toHaveProperty("token");
  });

  it("counts only guesses against a name: the right password clears them", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit - 1; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
    await attempt("owner", RIGHT);
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
  });

  it("throttles a client trying many names", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) {
      await attempt(`name-${i}`, "guess").catch(() => undefined);
    }
    await expect(attempt("owner", RIGHT)).rejects.toMatchObject({ code: "rate_limited" });
  });
});

describe("the account-wide cap", () => {
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
  // 24 addresses, 5 guesses each: within every per-client limit, all at one instant.
  const spread = async (now: Date) => {
    const outcomes: string[] = [];
    for (let a = 0; a < 24; a++) {
      for (let g = 0; g < 5; g++)
        outcomes.push(await outcome(attempt("owner", `guess-${g}`, `192.0.2.${a}`, undefined, now)));
    }
    return outcomes;
  };
  const tally = (outcomes: string[]) =>
    Object.fromEntries([...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length]));

  it("refuses guesses spread over many addresses once the account has had its failures, the right password too", async () => {
    const now = new Date();
    expect(tally(await spread(now))).toEqual({
      unauthenticated: ACCOUNT_LIMIT.slowAfter,
      "rate_limited 1s": 120 - ACCOUNT_LIMIT.slowAfter,
    });
    // The same answer as any refusal: the cap does not say whether the password was right.
    const refused: unknown = await attempt("owner", RIGHT, "192.0.2.99", undefined, now).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "rate_limited", message: "Too many attempts. Try again in 1 second." });
    // A name nobody has is capped the same way, so the cap does not tell which names exist.
    for (let i = 0; i < ACCOUNT_LIMIT.slowAfter; i++)
      await outcome(attempt("nobody", "guess", `198.18.0.${i}`, undefined, now));
    expect(await outcome(attempt("nobody", "guess", "198.18.1.1", undefined, now))).toBe("rate_limited 1s");
  });

  it("counts parallel guesses one by one", async () => {
    const now = new Date();
    const guesses = Array.from({ length: 30 }, (_, a) =>
      outcome(attempt("owner", "guess", `192.0.2.${a}`, undefined, now)),
    );
    expect(tally(await Promise.all(guesses))).toEqual({
      unauthenticated: ACCOUNT_LIMIT.slowAfter,
      "rate_limited 1s": 30 - ACCOUNT_LIMIT.slowAfter,
    });
  });

  it("lets the owner in during the attack from a browser or an address it signed in with before", async () => {
    const home = "198.51.100.7";
    const { deviceToken } = await attempt("owner", RIGHT, home);
    const now = new Date();
    await spread(now);
    // The owner's browser, now on another network.
    await expect(attempt("owner", RIGHT, "203.0.113.200", deviceToken, now)).resolves.toHaveProperty("token");
    // Any browser at home.
    await expect(attempt("owner", RIGHT, home, undefined, now)).resolves.toHaveProperty("token");
    // A guess from home does not count against the account either.
    expect(await outcome(attempt("owner", "guess", home, undefined, now))).toBe("unauthenticated");
  });

  it("makes each attempt past the first failures wait longer, up to the cap of failures an hour", async () => {
    const start = new Date();
    let elapsed = 0;
    const waits: number[] = [];
    let failures = 0;
    // A new address per attempt, so only the account-wide limit is in play.
    for (let n = 0; failures < ACCOUNT_LIMIT.limit; n++) {
      const result = await outcome(
        attempt("owner", "guess", `10.0.${n >> 8}.${n & 255}`, undefined, at(start, elapsed)),
      );
      if (result === "unauthenticated") failures += 1;
      else {
        const wait = Number(/^rate_limited (\d+)s$/.exec(result)?.[1]);
        waits.push(wait);
        elapsed += wait;
      }
    }
    expect(waits.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(waits).toHaveLength(ACCOUNT_LIMIT.limit - ACCOUNT_LIMIT.slowAfter);
    // The cap reached within the hour: nothing more until the hour since the first failure is over.
    const lastWait = ACCOUNT_LIMIT.windowMs / 1000 - elapsed;
    expect(await outcome(attempt("owner", RIGHT, "10.1.0.1", undefined, at(start, elapsed + 30)))).toBe(
      `rate_limited ${lastWait - 30}s`,
    );
    expect(await outcome(attempt("owner", RIGHT, "10.1.0.2", undefined, at(start, elapsed + lastWait)))).toBe(
      "signed in",
    );
  });

  it("exempts no one for a forged device token, or one issued for another name", async () => {
    const { deviceToken } = await attempt("owner", RIGHT, "198.51.100.7");
    const [nonce = "", signature = ""] = deviceToken.split(".");
    const forged = `${nonce}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "AB" : "AA"}`;
    const otherName = await issueDeviceToken(handle.db, "someone-else");
    const now = new Date();
    await spread(now);
    for (const token of [forged, otherName, "junk", `${"a".repeat(24)}.${"b".repeat(43)}`]) {
      expect(await outcome(attempt("owner", RIGHT, "203.0.113.201", token, now)), token).toBe("rate_limited 1s");
    }
    await expect(attempt("owner", RIGHT, "203.0.113.201", deviceToken, now)).resolves.toHaveProperty("token");
  });

  it("limits guesses from the owner's browser on their own", async () => {
    const { deviceToken } = await attempt("owner", RIGHT, "198.51.100.7");
    for (let i = 0; i < LOGIN_LIMITS.perDevice.limit; i++) {
      expect(await outcome(attempt("owner", "guess", `203.0.113.${i}`, deviceToken))).toBe("unauthenticated");
    }
    expect(await outcome(attempt("owner", RIGHT, "203.0.113.100", deviceToken))).toMatch(/^rate_limited/);
  });
});
