import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createOrResetAdmin, ensureAdmin } from "./admin-account.server";
import { verifyPassword } from "./password.server";

let handle: DbHandle | undefined;
beforeAll(async () => {
  handle = await createTestDb();
});
beforeEach(async () => {
  await db().delete(users);
});
afterAll(async () => {
  await handle?.close();
});
const db = () => {
  if (!handle) throw new Error("no database");
  return handle.db;
};
const stored = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0];

describe("ensureAdmin", () => {
  it("creates `admin` with a random password, hashed with argon2id at OWASP's parameters", async () => {
    const result = await ensureAdmin(db());
    expect(result.status).toBe("created");
    if (result.status !== "created" || !result.generatedPassword) throw new Error("no password generated");
    expect(result.generatedPassword).toMatch(/^[a-z2-7]{26}$/);
    const user = await stored("admin");
    expect(user?.role).toBe("admin");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user?.passwordHash ?? "", result.generatedPassword)).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? "", "admin")).toBe(false);
  });

  it("creates the configured admin without printing a password", async () => {
    const result = await ensureAdmin(db(), { username: "owner", password: "correct horse" });
    expect(result).toEqual({ status: "created", username: "owner", generatedPassword: undefined });
    expect(await verifyPassword((await stored("owner"))?.passwordHash ?? "", "correct horse")).toBe(true);
  });

  it("leaves an existing admin alone", async () => {
    await ensureAdmin(db(), { username: "owner", password: "correct horse" });
    expect(await ensureAdmin(db())).toEqual({ status: "exists", username: "owner" });
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it("refuses to promote a non-admin who happens to be called admin", async () => {
    await db().insert(users).values({ username: "admin", passwordHash: "x" });
    await expect(ensureAdmin(db())).rejects.toThrow(/admin:create/);
  });
});

describe("createOrResetAdmin", () => {
  it("creates a new admin", async () => {
    expect(await createOrResetAdmin(db(), "curator", "a new password")).toBe("created");
    expect((await stored("curator"))?.role).toBe("admin");
  });

  it("resets an existing user's password and role and ends their sessions", async () => {
    const [user] = await db().insert(users).values({ username: "curator", passwordHash: "old" }).returning();
    if (!user) throw new Error("insert failed");
    await db()
      .insert(sessions)
      .values({ id: "s1", userId: user.id, secretHash: new Uint8Array(32) });
    expect(await createOrResetAdmin(db(), "curator", "a new password")).toBe("reset");
    const after = await stored("curator");
    expect(after?.role).toBe("admin");
    expect(await verifyPassword(after?.passwordHash ?? "", "a new password")).toBe(true);
    expect(await db().select().from(sessions)).toEqual([]);
  });

  it("refuses a password shorter than 8 characters and writes nothing", async () => {
    await expect(createOrResetAdmin(db(), "curator", "short")).rejects.toThrow(/8-256/);
    expect(await db().select().from(users)).toEqual([]);
  });
});
