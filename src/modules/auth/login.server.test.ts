import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { rateLimits } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createOrResetAdmin } from "./admin-account.server";
import { INVALID_CREDENTIALS, login, LOGIN_LIMITS } from "./login.server";
import { validateSessionToken } from "./session.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await createOrResetAdmin(handle.db, "owner", "correct horse battery");
});
beforeEach(async () => {
  await handle.db.delete(rateLimits);
});
afterAll(async () => {
  await handle.close();
});

const attempt = (username: string, password: string, client = "203.0.113.5") =>
  login(handle.db, { username, password }, client);

describe("login", () => {
  it("starts a session for the right password", async () => {
    const { token, user } = await attempt("owner", "correct horse battery");
    expect(user).toMatchObject({ username: "owner", role: "admin" });
    expect((await validateSessionToken(handle.db, token))?.user.username).toBe("owner");
  });

  it("answers an unknown user exactly like a wrong password, after the same password check", async () => {
    const timed = async (username: string) => {
      const start = performance.now();
      const error: unknown = await attempt(username, "wrong password").catch((e: unknown) => e);
      return { error, ms: performance.now() - start };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    await timed("warm-up");
    const wrong = [await timed("owner"), await timed("owner"), await timed("owner")];
    await handle.db.delete(rateLimits);
    const unknown = [await timed("nobody"), await timed("nobody"), await timed("nobody")];
    for (const { error } of [...wrong, ...unknown])
      expect(error).toMatchObject({ code: "unauthenticated", message: INVALID_CREDENTIALS });
    // An unknown name still pays for one argon2id verification (against a decoy hash);
    // returning early would take a small fraction of the time. One-sided, so noise cannot fail it.
    expect(median(unknown.map((u) => u.ms))).toBeGreaterThan(median(wrong.map((w) => w.ms)) * 0.4);
  });

  it("throttles one name from one client, saying when to retry, but not the same name elsewhere", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
    const refused: unknown = await attempt("owner", "correct horse battery").catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // The owner, signing in from home, is not locked out by the attack.
    await expect(attempt("owner", "correct horse battery", "198.51.100.7")).resolves.toHaveProperty("token");
  });

  it("counts only guesses against a name: the right password clears them", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit - 1; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
    await attempt("owner", "correct horse battery");
    for (let i = 0; i < LOGIN_LIMITS.perUserAndClient.limit; i++) {
      await expect(attempt("owner", "guess")).rejects.toMatchObject({ code: "unauthenticated" });
    }
  });

  it("throttles a client trying many names", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) {
      await attempt(`name-${i}`, "guess").catch(() => undefined);
    }
    await expect(attempt("owner", "correct horse battery")).rejects.toMatchObject({ code: "rate_limited" });
  });
});
