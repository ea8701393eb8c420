import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { loginFailures, rateLimits, sessions, users } from "../../../db/schema/index.ts";
import { callEndpoint, endpoints, type Call } from "../../../tests/api-routes.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useDatabase } from "@/lib/site-database.server";
import type { SessionUser } from "@/lib/session-user";
import { ACCOUNT_LIMIT } from "./account-throttle.server";
import type { AccountView } from "./account-views";
import { createOrResetAdmin } from "./admin-account.server";
import { consumeChallenge, issueChallenge } from "./challenges.server";
import { login } from "./login.server";
import { completeSecondStep, SECOND_STEP } from "./second-step.server";
import { createSession, validateSessionToken } from "./session.server";
import { totpStep } from "./totp";

const PASSWORD = "correct horse battery";
const client = { address: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };

let handle: DbHandle;
let owner: SessionUser;
beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await createOrResetAdmin(handle.db, "owner", PASSWORD);
  const [row] = await handle.db.select().from(users).where(eq(users.username, "owner"));
  owner = { id: row?.id ?? 0, username: "owner", role: "admin" };
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(rateLimits);
  await handle.db.delete(loginFailures);
});

/** Call `METHOD path` as the owner from the session `sessionId`, proven `provenAt` (now unless said). */
async function call(method: string, path: string, sessionId: string, extra: Partial<Call> = {}) {
  const endpoint = endpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint) throw new Error(`no route ${method} ${path}`);
  const response = await callEndpoint(endpoint, {
    user: owner,
    params: {},
    sessionId,
    client: client.address,
    ...extra,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sessionIdOf = (token: string) => token.split(".")[0] ?? "";
const codeAt = (secret: Uint8Array, when: Date) => generateHOTP(secret, BigInt(totpStep(when)), 6);

async function passwordSignIn() {
  const outcome = await login(handle.db, { username: "owner", password: PASSWORD }, client);
  if (outcome.kind !== "second-step") throw new Error("the password alone made a session");
  return outcome;
}

describe("the owner's second factors", () => {
  // Written as the flow goes: a factor set up, then signing in with it.
  let secret: Uint8Array;
  let secretWords = "";
  let recoveryCodes: string[];
  let ownSession: string;
  let spareSession: string;
  const logged: string[] = [];

  const listeners: { mockRestore(): void }[] = [];

  beforeAll(() => {
    // Everything the process says, to show no secret is ever in it.
    for (const stream of ["log", "info", "warn", "error"] as const) {
      // Passed on, so the guard on console errors still sees them.
      const said = console[stream].bind(console);
      const listener = vi.spyOn(console, stream).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
        said(...args);
      });
      listeners.push(listener);
    }
  });
  afterAll(() => {
    // Only these: the files after this one in the worker keep their own spies.
    for (const listener of listeners) listener.mockRestore();
  });

  it("signs in with the password alone while the account has no second factor", async () => {
    const outcome = await login(handle.db, { username: "owner", password: PASSWORD }, client);
    expect(outcome.kind).toBe("session");
    if (outcome.kind !== "session") return;
    ownSession = sessionIdOf(outcome.token);
    const spare = await createSession(handle.db, owner.id, { method: "password", ...client });
    spareSession = spare;
    expect(await validateSessionToken(handle.db, spare)).not.toBeNull();
  });

  it("sets up an authenticator app that counts only once a first code confirms it", async () => {
    const setup = await call("POST", "/api/account/totp", ownSession, { body: "{}" });
    expect(setup.status).toBe(200);
    expect(setup.body.qr).toMatch(/^<svg/);
    secretWords = String(setup.body.secret);
    secret = decodeBase32IgnorePadding(secretWords.replaceAll(" ", ""));
    expect(String(setup.body.uri)).toContain(`secret=${String(setup.body.secret).replaceAll(" ", "")}`);
    // Not yet a factor: the password still signs in alone.
    expect((await login(handle.db, { username: "owner", password: PASSWORD }, client)).kind).toBe("session");

    const wrong = await call("POST", "/api/account/totp/confirm", ownSession, { body: '{"code":"000000"}' });
    expect(wrong).toMatchObject({ status: 400, body: { field: "code" } });
    const code = codeAt(secret, new Date());
    const confirmed = await call("POST", "/api/account/totp/confirm", ownSession, {
      body: JSON.stringify({ code: code === "000000" ? codeAt(secret, new Date(Date.now() + 30_000)) : code }),
    });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
  });

  it("ends every session the password alone made, but the one that set the factor up", async () => {
    const [own] = await handle.db.select().from(sessions).where(eq(sessions.id, ownSession));
    expect(own?.method).toBe("password+totp");
    expect(await validateSessionToken(handle.db, spareSession)).toBeNull();
  });

  it("leads a right password to a second step, never to a session", async () => {
    const before = await handle.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const step = await passwordSignIn();
    expect(step.methods).toEqual(["totp", "recovery-code"]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(before.length);
  });

  it("takes an authenticator code from the step before or after, once, and none older", async () => {
    const now = new Date(Date.now() + 5 * 60_000);
    const previous = codeAt(secret, new Date(now.getTime() - 30_000));
    const tooOld = codeAt(secret, new Date(now.getTime() - 60_000));
    let step = await passwordSignIn();
    await expect(completeSecondStep(handle.db, step.pendingToken, tooOld, client, now)).rejects.toMatchObject({
      code: "unauthenticated",
    });
    const signedIn = await completeSecondStep(handle.db, step.pendingToken, previous, client, now);
    const session = await validateSessionToken(handle.db, signedIn.token);
    expect(session?.method).toBe("password+totp");
    // Replayed, even within its step: refused. So is one of an earlier step.
    step = await passwordSignIn();
    await expect(completeSecondStep(handle.db, step.pendingToken, previous, client, now)).rejects.toMatchObject({
      code: "unauthenticated",
    });
    const next = codeAt(secret, new Date(now.getTime() + 30_000));
    await expect(completeSecondStep(handle.db, step.pendingToken, next, client, now)).resolves.toHaveProperty("token");
  });

  it("takes each recovery code once, saying how many are left", async () => {
    const [code = ""] = recoveryCodes;
    let step = await passwordSignIn();
    // As a person might type it: upper case, without the dash.
    const typed = code.toUpperCase().replace("-", " ");
    const signedIn = await completeSecondStep(handle.db, step.pendingToken, typed, client);
    expect(signedIn.recoveryCodesLeft).toBe(9);
    expect((await validateSessionToken(handle.db, signedIn.token))?.method).toBe("password+recovery-code");
    step = await passwordSignIn();
    await expect(completeSecondStep(handle.db, step.pendingToken, code, client)).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });

  it("asks for the password again after five wrong codes, or once the step has expired", async () => {
    const step = await passwordSignIn();
    for (let i = 1; i < SECOND_STEP.failures; i++) {
      await expect(completeSecondStep(handle.db, step.pendingToken, "aaaaa-aaaaa", client)).rejects.toMatchObject({
        code: "unauthenticated",
      });
    }
    await expect(completeSecondStep(handle.db, step.pendingToken, "aaaaa-aaaaa", client)).rejects.toMatchObject({
      code: "sign_in_again",
    });
    const [code = ""] = recoveryCodes.slice(1);
    await expect(completeSecondStep(handle.db, step.pendingToken, code, client)).rejects.toMatchObject({
      code: "sign_in_again",
    });
    await expect(completeSecondStep(handle.db, undefined, code, client)).rejects.toMatchObject({
      code: "sign_in_again",
    });
  });

  it("holds the second step to the account-wide cap of the first, the right code too", async () => {
    const step = await passwordSignIn();
    await handle.db.insert(loginFailures).values({
      name: "owner",
      count: ACCOUNT_LIMIT.limit,
      lastFailedAt: new Date(),
      resetAt: new Date(Date.now() + ACCOUNT_LIMIT.windowMs),
    });
    const [code = ""] = recoveryCodes.slice(2);
    await expect(completeSecondStep(handle.db, step.pendingToken, code, client)).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  it("holds the second step to the per-address limit", async () => {
    const step = await passwordSignIn();
    const from = { ...client, address: "198.51.100.40" };
    for (let i = 0; i < 4; i++) {
      await completeSecondStep(handle.db, step.pendingToken, "bbbbb-bbbbb", from).catch(() => undefined);
    }
    const again = await passwordSignIn();
    await completeSecondStep(handle.db, again.pendingToken, "bbbbb-bbbbb", from).catch(() => undefined);
    await expect(completeSecondStep(handle.db, again.pendingToken, "bbbbb-bbbbb", from)).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  it("asks again before what cannot be undone once the last proof is ten minutes old, and a code renews it", async () => {
    const old = new Date(Date.now() - 10 * 60_000 - 1000);
    const refused = await call("POST", "/api/account/recovery-codes", ownSession, { body: "{}", provenAt: old });
    expect(refused).toMatchObject({ status: 403, body: { code: "reauthenticate" } });
    const proof = await call("GET", "/api/auth/proof", ownSession, { provenAt: old });
    expect(proof.body).toEqual({ fresh: false, methods: ["totp", "recovery-code"] });

    const password = await call("POST", "/api/auth/reauthenticate", ownSession, {
      body: JSON.stringify({ password: PASSWORD }),
      provenAt: old,
    });
    expect(password).toMatchObject({ status: 400, body: { field: "password" } });
    const [code = ""] = recoveryCodes.slice(3);
    const confirmed = await call("POST", "/api/auth/reauthenticate", ownSession, {
      body: JSON.stringify({ code }),
      provenAt: old,
    });
    expect(confirmed.status).toBe(200);
    // One was spent signing in; the others above were refused before they were looked at.
    expect(confirmed.body.recoveryCodesLeft).toBe(8);
    const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, ownSession));
    const renewed = await call("POST", "/api/account/recovery-codes", ownSession, {
      body: "{}",
      provenAt: row?.provenAt ?? null,
    });
    expect(renewed.status).toBe(200);
    recoveryCodes = renewed.body.recoveryCodes as string[];
    const view = await call("GET", "/api/account", ownSession);
    expect(view.body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it("lists the sign-ins and sessions by device, and signs out everywhere else", async () => {
    const { body } = await call("GET", "/api/account", ownSession);
    const view = body as unknown as AccountView;
    expect(view.signIns[0]).toMatchObject({ device: "Chrome on Linux", address: client.address });
    expect(view.signIns.map((s) => s.method)).toEqual(
      expect.arrayContaining(["password", "password+totp", "password+recovery-code"]),
    );
    expect(view.sessions.filter((s) => s.current)).toHaveLength(1);
    const ended = await call("DELETE", "/api/account/sessions", ownSession);
    expect(ended.body.ended).toBe(view.sessions.length - 1);
    const after = (await call("GET", "/api/account", ownSession)).body as unknown as AccountView;
    expect(after.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("shows no secret again after setup, in any answer or log line", async () => {
    const view = JSON.stringify((await call("GET", "/api/account", ownSession)).body);
    const said = logged.join("\n");
    for (const text of [view, said]) {
      expect(text).not.toContain(secretWords);
      expect(text).not.toContain(secretWords.replaceAll(" ", ""));
      for (const code of recoveryCodes) expect(text).not.toContain(code);
    }
  });

  it("removes the app, with a fresh proof, and the account is back to its password alone", async () => {
    const removed = await call("DELETE", "/api/account/totp", ownSession);
    expect(removed.status).toBe(200);
    const view = (await call("GET", "/api/account", ownSession)).body as unknown as AccountView;
    expect(view).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await login(handle.db, { username: "owner", password: PASSWORD }, client)).kind).toBe("session");
  });
});

describe("passkey challenges", () => {
  it("are answered once, for what and whom they were made", async () => {
    const challenge = await issueChallenge(handle.db, "reauthenticate", { userId: owner.id });
    expect(await consumeChallenge(handle.db, challenge, "sign-in")).toBe(false);
    expect(await consumeChallenge(handle.db, challenge, "reauthenticate", { userId: owner.id + 1 })).toBe(false);
    expect(await consumeChallenge(handle.db, challenge, "reauthenticate", { userId: owner.id })).toBe(true);
    expect(await consumeChallenge(handle.db, challenge, "reauthenticate", { userId: owner.id })).toBe(false);
  });
});
