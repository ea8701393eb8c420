import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { newsletterSubscribers } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { SIGNUP_LIMITS, subscribe } from "./newsletter.server";
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
  it("stores an address once, and asks for its confirmation once within the hour", async () => {
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

  it("stores one row when the same address arrives concurrently, and lets only the hour's limit through", async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () => subscribe(handle.db, "third@example.com")),
    );
    expect((await stored()).filter((e) => e === "third@example.com")).toHaveLength(1);
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(SIGNUP_LIMITS.perAddress.limit);
    for (const refused of attempts.filter((a) => a.status === "rejected")) {
      expect(refused.reason).toMatchObject({ code: "rate_limited" });
    }
  });
});
