import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { subscribe } from "./newsletter.server";
import { newsletterSignupSchema } from "./schema";

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const stored = async () => (await handle.db.select().from(newsletterSubscribers)).map((r) => r.email).sort();

describe("subscribe", () => {
  it("stores an address once, and asks for its confirmation once", async () => {
    await expect(subscribe(handle.db, "first@example.com")).resolves.toEqual(expect.any(Number));
    await expect(subscribe(handle.db, "first@example.com")).resolves.toBeNull();
    expect(await stored()).toEqual(["first@example.com"]);
  });

  it("treats spellings of one address as one, once parsed by the schema", async () => {
    for (const email of ["Second@Example.com", "  second@example.COM ", "SECOND@EXAMPLE.COM"]) {
      await subscribe(handle.db, newsletterSignupSchema.parse({ email }).email);
    }
    expect((await stored()).filter((e) => e.startsWith("second"))).toEqual(["second@example.com"]);
  });

  it("stores one row when the same address arrives concurrently, and owes it one confirmation", async () => {
    const attempts = await Promise.all(Array.from({ length: 10 }, () => subscribe(handle.db, "third@example.com")));
    expect((await stored()).filter((e) => e === "third@example.com")).toHaveLength(1);
    expect(attempts.filter((id) => id !== null)).toHaveLength(1);
  });

  it("owes one confirmation to a mailbox that many of its spellings sign up for at once, and refuses none of them", async () => {
    const spellings = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? `fourth+${String(i)}@gmail.com` : `f.o.u.r.t.h+${String(i)}@googlemail.com`,
    );
    const attempts = await Promise.all(spellings.map((email) => subscribe(handle.db, email)));
    expect(attempts.filter((id) => id !== null)).toHaveLength(1);
    // Only the one asked is kept: the others asked nothing of anyone.
    expect((await stored()).filter((e) => spellings.includes(e))).toHaveLength(1);
  });
});
