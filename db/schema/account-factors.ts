import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns.ts";
import { users } from "./users.ts";

/** An account's passkeys (WebAuthn credentials): public keys only; the private key never leaves the authenticator. */
export const passkeys = pgTable(
  "passkeys",
  {
    // The credential's id as the browser sends it (base64url), which is how a sign-in finds it.
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    publicKey: bytea("public_key").notNull(),
    // The authenticator's signature counter: one that goes back means a cloned authenticator.
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    index("passkeys_user_id_idx").on(t.userId),
    check("passkeys_name_length", sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * An account's authenticator app (RFC 6238). The secret is encrypted with the site's
 * factor key (`FACTOR_KEY`), which the database never holds, so a copy of the database
 * gives no one the codes. It counts once confirmed by a first code.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretBox: bytea("secret_box").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  // The last time step a code was accepted for: a code is accepted once, and none older after it.
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, hashed with argon2id (ASVS 6.5.2): shown once, never stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is used once, for one purpose,
 * by the account or session it was made for, before it expires.
 */
export const authChallenges = pgTable("auth_challenges", {
  challenge: text().primaryKey(),
  purpose: text().notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  // Not a reference: a session ended meanwhile (signed out elsewhere) leaves a challenge
  // nobody can answer, which expires like any other.
  sessionId: text("session_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A sign-in whose password was right, waiting for its second factor: a token of its own
 * in a short-lived cookie, never a session.
 */
export const pendingSignIns = pgTable("pending_sign_ins", {
  id: text().primaryKey(),
  secretHash: bytea("secret_hash").notNull(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer().notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Each account's successful sign-ins: when, from where, with what, as the account page lists them. */
export const signIns = pgTable(
  "sign_ins",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    method: text().notNull(),
    address: text().notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [index("sign_ins_user_id_at_idx").on(t.userId, t.at)],
);
