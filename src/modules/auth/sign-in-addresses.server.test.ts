import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { signInAddresses, users } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { hasSignedInFrom, rememberAddress, REMEMBERED_ADDRESSES } from "./sign-in-addresses.server";

let handle: DbHandle;
let userId: number;
beforeAll(async () => {
  handle = await createTestDb();
  const [user] = await handle.db.insert(users).values({ username: "owner", passwordHash: "x" }).returning();
  if (!user) throw new Error("insert failed");
  userId = user.id;
});
afterAll(async () => {
  await handle.close();
});

it("remembers only an account's latest addresses, and only for a while", async () => {
  const address = (i: number) => `192.0.2.${i}`;
  for (let i = 0; i <= REMEMBERED_ADDRESSES.keep; i++) await rememberAddress(handle.db, userId, address(i));
  expect(await hasSignedInFrom(handle.db, "owner", address(0))).toBe(false);
  expect(await hasSignedInFrom(handle.db, "owner", address(1))).toBe(true);
  expect(await hasSignedInFrom(handle.db, "someone-else", address(1))).toBe(false);
  expect(await handle.db.$count(signInAddresses)).toBe(REMEMBERED_ADDRESSES.keep);

  await handle.db
    .update(signInAddresses)
    .set({ signedInAt: sql`now() - make_interval(days => ${REMEMBERED_ADDRESSES.forDays + 1})` })
    .where(eq(signInAddresses.address, address(1)));
  expect(await hasSignedInFrom(handle.db, "owner", address(1))).toBe(false);
  // Signing in there again makes it the latest.
  await rememberAddress(handle.db, userId, address(1));
  expect(await hasSignedInFrom(handle.db, "owner", address(1))).toBe(true);
});
