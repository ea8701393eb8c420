import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import {
  ABSOLUTE_TIMEOUT_MS,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  IDLE_TIMEOUT_MS,
  validateSessionToken,
} from "./session.server";

let handle: DbHandle;
let userId: number;
beforeAll(async () => {
  handle = await createTestDb();
  const [user] = await handle.db
    .insert(users)
    .values({ username: "owner", passwordHash: "x", role: "admin" })
    .returning();
  userId = user?.id ?? 0;
});
afterAll(async () => {
  await handle.close();
});

const HOUR = 3600_000;
const later = (ms: number) => new Date(Date.now() + ms);

describe("sessions", () => {
  it("issues <id>.<secret> tokens of 120 random bits each and stores only the secret's hash", async () => {
    const token = await createSession(handle.db, userId);
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
    const [id, secret] = token.split(".");
    const [row] = await handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ""));
    expect(row?.secretHash).toHaveLength(32);
    expect(Buffer.from(row?.secretHash ?? []).toString()).not.toContain(secret);
    expect((await validateSessionToken(handle.db, token))?.user).toEqual({
      id: userId,
      username: "owner",
      role: "admin",
    });
  });

  it("refuses a wrong secret, a malformed token and an unknown id", async () => {
    const token = await createSession(handle.db, userId);
    const [id] = token.split(".");
    expect(await validateSessionToken(handle.db, `${id}.${"a".repeat(24)}`)).toBeNull();
    for (const junk of [
      "",
      "x",
      `${id}`,
      `${token}.extra`,
      "A".repeat(24) + "." + "b".repeat(24),
      "'; drop table sessions; --",
    ]) {
      expect(await validateSessionToken(handle.db, junk)).toBeNull();
    }
    expect(await validateSessionToken(handle.db, `${"b".repeat(24)}.${"c".repeat(24)}`)).toBeNull();
  });

  it("ends after 24 hours idle, and renews the idle timer at most hourly", async () => {
    const token = await createSession(handle.db, userId);
    const [id = ""] = token.split(".");
    expect(await validateSessionToken(handle.db, token, later(30 * 60_000))).not.toBeNull();
    const [fresh] = await handle.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - (fresh?.lastVerifiedAt.getTime() ?? 0)).toBeLessThan(5_000);
    expect(await validateSessionToken(handle.db, token, later(20 * HOUR))).not.toBeNull();
    const [renewed] = await handle.db.select().from(sessions).where(eq(sessions.id, id));
    expect(renewed?.lastVerifiedAt.getTime()).toBeGreaterThan(Date.now() + 19 * HOUR);
    expect(await validateSessionToken(handle.db, token, later(20 * HOUR + IDLE_TIMEOUT_MS))).toBeNull();
    expect(await handle.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it("ends 14 days after sign-in however often it is used", async () => {
    const token = await createSession(handle.db, userId);
    // Used every 20 hours, it never idles out...
    for (let hours = 20; hours < 14 * 24; hours += 20) {
      expect(await validateSessionToken(handle.db, token, later(hours * HOUR))).not.toBeNull();
    }
    // ...but it still ends at 14 days.
    expect(await validateSessionToken(handle.db, token, later(ABSOLUTE_TIMEOUT_MS))).toBeNull();
  });

  it("logs out one session, or all of a user's, and forgets expired ones", async () => {
    const a = await createSession(handle.db, userId);
    const b = await createSession(handle.db, userId);
    await deleteSession(handle.db, a.split(".")[0] ?? "");
    expect(await validateSessionToken(handle.db, a)).toBeNull();
    expect(await validateSessionToken(handle.db, b)).not.toBeNull();
    await deleteUserSessions(handle.db, userId);
    expect(await validateSessionToken(handle.db, b)).toBeNull();
    await createSession(handle.db, userId);
    await deleteExpiredSessions(handle.db, later(ABSOLUTE_TIMEOUT_MS + HOUR));
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });
});
