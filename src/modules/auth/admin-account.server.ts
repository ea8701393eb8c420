import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rule";
import { hashPassword } from "./password.server";

const { users, sessions, passkeys, totpFactors, recoveryCodes } = tables;

export const DEFAULT_ADMIN = "admin";

export type EnsureAdminResult =
  { status: "exists"; username: string } | { status: "created"; username: string; generatedPassword?: string };

/** A random password of 128 bits, readable enough to copy from a terminal. */
export function generatePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return encodeBase32LowerCaseNoPadding(bytes);
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new Error(`The admin password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters long.`);
  }
}

/**
 * Make sure the site has an admin. With no admin yet, creates `configured` (from
 * ADMIN_USERNAME / ADMIN_PASSWORD) or `admin` with a random password, returned once so
 * the start banner can print it. There is never a default password.
 */
export async function ensureAdmin(
  db: Db,
  configured?: { username: string; password: string },
): Promise<EnsureAdminResult> {
  const [existing] = await db.select({ username: users.username }).from(users).where(eq(users.role, "admin")).limit(1);
  if (existing) return { status: "exists", username: existing.username };

  const username = configured?.username ?? DEFAULT_ADMIN;
  const generatedPassword = configured ? undefined : generatePassword();
  const password = configured?.password ?? generatedPassword ?? "";
  checkPassword(password);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (taken) {
    throw new Error(
      `There is no admin, and the user "${username}" exists without the admin role. ` +
        "Run `npm run admin:create -- --username <name>` to choose who the admin is.",
    );
  }
  await db.insert(users).values({ username, passwordHash: await hashPassword(password), role: "admin" });
  return { status: "created", username, generatedPassword };
}

/**
 * Create the admin `username`, or make an existing user the admin with a new password.
 * Every session of that user ends, since its password changed. Its second factors stay
 * (a new password must not undo them, ASVS 6.4.3) unless `removeFactors` says so: the way
 * back in, from the server's shell, for an owner who lost every passkey, the app and the codes.
 */
export async function createOrResetAdmin(
  db: Db,
  username: string,
  password: string,
  { removeFactors = false } = {},
): Promise<"created" | "reset"> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, role: "admin" })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    if (user) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      if (removeFactors) {
        for (const table of [passkeys, totpFactors, recoveryCodes])
          await tx.delete(table).where(eq(table.userId, user.id));
      }
      return "reset";
    }
    await tx.insert(users).values({ username, passwordHash, role: "admin" });
    return "created";
  });
}
